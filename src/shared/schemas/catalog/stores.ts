import { z } from 'zod';
import { idSchema, isHttpUrl, requiredText } from '../common.js';

/** Stores (SPEC §5 Category and store, §7; store pages in docs/notes/community.md): requests and replies. */

export const STORE_LOGO_MAX_BYTES = 1024 * 1024;
export const STORE_LOGO_TOO_LARGE = 'Logo file size must be less than 1MB.';

/** POST and PUT /stores, /admin/stores. An empty url means none. */
export const storeInputSchema = z.object({
  name: requiredText('Name', 50),
  url: z
    .union([z.literal(''), z.null(), z.string().trim().max(2048).refine(isHttpUrl, 'Must be a valid URL')])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type StoreInput = z.input<typeof storeInputSchema>;

/** GET /stores?category=: the stores with deals in that category (the browse filter), or every one. */
export const storeListQuerySchema = z.object({ category: z.union([z.literal('all'), idSchema]).optional() });

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** A store with its number of deals (live ones on the public list; any status in the admin lists). */
export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  dealsCount: z.number().int(),
  /** False for a shop a member named for an unknown site, until the team confirms it (docs/notes/posting.md). */
  confirmed: z.boolean(),
  /** The host of the shop's site (no www./m.) that pasted links are matched against. */
  domain: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

/** GET /stores: every store, each with its number of live deals. */
export const storeArraySchema = z.array(storeSchema);

/** GET /stores/{id}. Its deals: GET /deals?store={id}&status=all&activeFirst=true (active first, then expired). */
export const storeDetailSchema = storeSchema.omit({ dealsCount: true, domain: true }).extend({
  /** Live deals: status active and not past their expiry date (the number GET /stores calls dealsCount). */
  activeDeals: z.number().int(),
  /** Public deals, active and expired; never pending, rejected or deleted ones. */
  totalDeals: z.number().int(),
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;

/** GET /admin/stores (SPEC §7: the list under data.stores). */
export const adminStoreListSchema = z.object({ stores: storeArraySchema });
export type AdminStoreList = z.infer<typeof adminStoreListSchema>;
/** POST and PUT /admin/stores: the store under data.store. */
export const adminStoreReplySchema = z.object({ store: storeSchema });
export type AdminStoreReply = z.infer<typeof adminStoreReplySchema>;

/** A shop matched to a link or named by a member (docs/notes/posting.md). */
export const shopMatchSchema = z.object({ id: z.number().int(), name: z.string(), confirmed: z.boolean(), domain: z.string().nullable() });
export type ShopMatch = z.infer<typeof shopMatchSchema>;

/** POST /stores/propose: the shop a member names for their deal's link (an existing one when the link or name fits). */
export const shopProposalSchema = z.object({
  name: requiredText('Shop name', 50),
  url: z.string().trim().max(2048).refine(isHttpUrl, 'Must be a valid URL'),
});
export type ShopProposal = z.infer<typeof shopProposalSchema>;

/** POST /admin/stores/{id}/merge: the shop that takes over this one's deals. */
export const storeMergeSchema = z.object({ intoId: idSchema });
export const storeMergeResultSchema = z.object({ id: z.number().int(), intoId: z.number().int(), moved: z.number().int() });
