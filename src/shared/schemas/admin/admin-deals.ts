import { z } from 'zod';
import {
  ADMIN_LIST_DEFAULT_LIMIT,
  ADMIN_LIST_MAX_LIMIT,
  idSchema,
  isHttpUrl,
  isUploadsPath,
  limitSchema,
  lower,
  MAX_ID,
  optionalDateTimeSchema,
  optionalParam,
  pageCountFields,
  pageSchema,
  sortOrderSchema,
} from '../common.js';
import { COUPON_MAX, DEAL_STATUSES, dealCreateSchema, dealSchema, dealTitleSchema, EXPIRY_INVALID } from '../deals/deals.js';

/** The admin Deals Management screen and edit page (SPEC §2, §5, §7): list, create, edit, activate, delete. */

/** The sort keys of the Deals Management table (SPEC §2) and the aliases a client may send as sortBy. */
export const DEAL_SORT_KEYS = ['title', 'category', 'store', 'created', 'updated'] as const;
export type DealSortKey = (typeof DEAL_SORT_KEYS)[number];
const DEAL_SORT_ALIASES: Record<string, DealSortKey> = {
  title: 'title',
  category: 'category',
  category_name: 'category',
  categoryname: 'category',
  store: 'store',
  store_name: 'store',
  storename: 'store',
  created: 'created',
  created_at: 'created',
  createdat: 'created',
  updated: 'updated',
  updated_at: 'updated',
  updatedat: 'updated',
};
const dealSortKeySchema = z.preprocess(
  (v) => (typeof v === 'string' ? (DEAL_SORT_ALIASES[v.trim().toLowerCase()] ?? v) : v),
  z.enum(DEAL_SORT_KEYS, { error: 'sortBy must be one of title, category, store, created, updated' }),
);
const dealSortSchema = z.preprocess(
  lower,
  z
    .string()
    .regex(/^(title|category|store|created|updated)_(asc|desc)$/, 'sort must be one of title, category, store, created, updated followed by _asc or _desc'),
);

export const ADMIN_DEAL_STATUS_FILTERS = ['all', ...DEAL_STATUSES] as const;
export type AdminDealStatusFilter = (typeof ADMIN_DEAL_STATUS_FILTERS)[number];
const allOrId = optionalParam(z.preprocess(lower, z.union([z.literal('all'), idSchema], { error: 'must be all or a numeric id' })));

/** GET /admin/deals (SPEC §2 Deals Management, §7, §9: default page 1, limit 10, created descending). */
export const adminDealsQuerySchema = z
  .object({
    page: pageSchema,
    limit: limitSchema(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT),
    status: z
      .preprocess(lower, z.enum(ADMIN_DEAL_STATUS_FILTERS, { error: 'status must be all, active, expired, pending, rejected or deleted' }))
      .default('all'),
    category: allOrId,
    store: allOrId,
    search: optionalParam(z.string().trim().max(200, 'search must be at most 200 characters')),
    sort: optionalParam(dealSortSchema),
    sortBy: optionalParam(dealSortKeySchema),
    sortOrder: optionalParam(sortOrderSchema),
  })
  .transform(({ sort, sortBy, sortOrder, category, store, ...rest }) => {
    // sort=key_dir wins over sortBy/sortOrder; without either the list is newest first.
    const [key, dir] = sort ? (sort.split('_') as [DealSortKey, 'asc' | 'desc']) : [sortBy ?? 'created', sortOrder ?? 'desc'];
    return {
      ...rest,
      categoryId: category === 'all' ? undefined : category,
      storeId: store === 'all' ? undefined : store,
      sortKey: key,
      sortDir: dir,
    };
  });
export type AdminDealsQuery = z.infer<typeof adminDealsQuerySchema>;

const flag = z.preprocess((v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v), z.boolean()).default(false);
/** The follow-up tasks an activation may ask for, in the order they run (SPEC §4). */
export const ACTIVATION_TASKS = ['improveTitle', 'generateDescription', 'localizeImage'] as const;
export type ActivationTask = (typeof ACTIVATION_TASKS)[number];
export const ACTIVATION_TASK_LABELS: Record<ActivationTask, string> = {
  improveTitle: 'improve title',
  generateDescription: 'generate description',
  localizeImage: 'localize image',
};
const noTasks = Object.fromEntries(ACTIVATION_TASKS.map((t) => [t, false])) as Record<ActivationTask, boolean>;
/** The body is optional: a bare POST activates without tasks. */
export const activateBodySchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    processTasks: z.preprocess(
      (v) => v ?? noTasks,
      z.object(Object.fromEntries(ACTIVATION_TASKS.map((t) => [t, flag])) as Record<ActivationTask, typeof flag>),
    ),
  }),
);
export type ActivateBody = z.output<typeof activateBodySchema>;

/**
 * POST /admin/deals: the creation payload of SPEC §3 with §5's rules, except that an admin may point at an external
 * http(s) image (a scraped or copied deal) to localize later, and that the status is the admin's choice (default active).
 */
const imageRef = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(2048, message)
    .refine((v) => isHttpUrl(v) || isUploadsPath(v), message);
export const adminDealCreateSchema = dealCreateSchema.extend({
  image_url: imageRef('Image URL must be a valid URL or a valid uploads path'),
  thumbnail_url: imageRef('Invalid thumbnail path').nullable().optional(),
});
export type AdminDealCreateInput = z.infer<typeof adminDealCreateSchema>;

/** PUT /admin/deals/{id} and the admin edit form (SPEC §5 Admin deal edit form). */
export const ADMIN_EDIT_STATUSES = ['active', 'expired', 'deleted', 'pending'] as const;
export const adminDealEditSchema = z.object({
  title: dealTitleSchema,
  description: z.string().max(10_000).nullable().optional(),
  price: z.coerce.number({ error: 'Price must be positive' }).min(0, 'Price must be positive').max(1_000_000),
  originalPrice: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: 'Original price must be positive' }).min(0, 'Original price must be positive').max(1_000_000)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  url: z.string({ error: 'Must be a valid URL' }).trim().max(2048).refine(isHttpUrl, 'Must be a valid URL'),
  status: z.enum(ADMIN_EDIT_STATUSES),
  storeId: z.coerce.number({ error: 'Store is required' }).int('Store is required').positive('Store is required').max(MAX_ID, 'Store is required'),
  categoryId: z.coerce
    .number({ error: 'Category is required' })
    .int('Category is required')
    .positive('Category is required')
    .max(MAX_ID, 'Category is required'),
  coupon: z.string().trim().max(COUPON_MAX, 'Coupon code must be at most 50 characters').nullable().optional(),
  imageUrl: z
    .string({ error: 'Image URL is required' })
    .trim()
    .min(1, 'Image URL is required')
    .max(2048)
    .refine((v) => isHttpUrl(v) || isUploadsPath(v), 'Image URL must be a valid URL or a valid uploads path'),
  thumbnailUrl: z.string().trim().max(500).nullable().optional(),
  expiresAt: optionalDateTimeSchema(EXPIRY_INVALID),
});
export type AdminDealEditInput = z.infer<typeof adminDealEditSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** GET /admin/deals */
export const adminDealPageSchema = z.object({ deals: z.array(dealSchema), limit: z.number().int(), ...pageCountFields });
export type AdminDealPage = z.infer<typeof adminDealPageSchema>;

/** An activation follow-up task: ok (with what it did), or the reason it failed (the activation itself stands either way). */
const activationTaskOutcomeSchema = z.union([z.object({ ok: z.literal(true) }).catchall(z.unknown()), z.object({ ok: z.literal(false), error: z.string() })]);
export type ActivationTaskOutcome = z.infer<typeof activationTaskOutcomeSchema>;

/** POST /admin/deals/{id}/activate */
export const activationResultSchema = z.object({
  deal: dealSchema,
  activated: z.boolean(),
  previousStatus: z.string(),
  tasks: z.partialRecord(z.enum(ACTIVATION_TASKS), activationTaskOutcomeSchema),
  message: z.string(),
});
export type ActivationResult = z.infer<typeof activationResultSchema>;

/** POST /admin/deals/{id}/pull-back: a live deal back to pending, with the team's reason (optional). */
export const pullBackBodySchema = z.object({ reason: z.string().trim().max(300, 'Reason must be at most 300 characters').nullable().optional() });
/** POST /admin/deals/{id}/reject: the team's reason is required (the poster reads it). */
export const rejectBodySchema = z.object({
  reason: z.string({ error: 'Please give a reason' }).trim().min(1, 'Please give a reason').max(300, 'Reason must be at most 300 characters'),
});
/** The result of pulling back or rejecting: the deal as the team sees it now. */
export const dealReviewResultSchema = z.object({ deal: dealSchema });
/** GET /admin/deals/trusted: the newest deals trusted members posted live (docs/notes/posting.md). */
export const trustedPostsSchema = z.object({ deals: z.array(dealSchema) });
export type TrustedPosts = z.infer<typeof trustedPostsSchema>;
