import { z } from 'zod';
import { isHttpUrl } from '../common.js';
import { shopMatchSchema } from '../catalog/stores.js';

/** Posting a deal (docs/notes/posting.md): the form filled from a pasted link, and whether the member posts live. */

export const PREFILL_FAILED = "We couldn't read that page: fill in the details yourself";
export const PREFILL_HTTPS_ONLY = 'Only https links can be read';

/** POST /deals/prefill */
export const prefillRequestSchema = z.object({
  url: z
    .string({ error: 'Deal URL is required' })
    .trim()
    .min(1, 'Deal URL is required')
    .max(2048, 'Must be a valid URL')
    .refine(isHttpUrl, 'Must be a valid URL'),
});
export type PrefillRequest = z.infer<typeof prefillRequestSchema>;

export const PREFILL_FIELDS = ['title', 'price', 'originalPrice', 'description', 'image', 'store'] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];

/** What the page told: every field null when it was not found; `filled` lists those that were. */
export const prefillSchema = z.object({
  title: z.string().nullable(),
  price: z.number().nullable(),
  originalPrice: z.number().nullable(),
  description: z.string().nullable(),
  /** The page's picture, fetched, re-encoded and stored as the member's upload (the form uses it unless replaced). */
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The shop the link's host belongs to, when one has it. */
  store: shopMatchSchema.nullable(),
  /** The link's host without www./m., and a name the member may give a shop that is new to us. */
  shopHost: z.string().nullable(),
  shopName: z.string().nullable(),
  filled: z.array(z.enum(PREFILL_FIELDS)),
});
export type Prefill = z.infer<typeof prefillSchema>;

/** GET /deals/posting-status: whether the member's next deal goes live at once, and their record against the rule. */
export const postingStatusSchema = z.object({
  trusted: z.boolean(),
  approved: z.number().int(),
  recentRejections: z.number().int(),
  thresholds: z.object({ minApproved: z.number().int(), rejectionDays: z.number().int(), minAccountDays: z.number().int() }),
});
export type PostingStatus = z.infer<typeof postingStatusSchema>;
