import { z } from 'zod';
import { idSchema, isHttpUrl, isUploadsPath, pageSchema } from './common.js';
import { DEAL_STATUSES, dealCreateSchema } from './deals.js';
import { roleSchema } from './users.js';

/** Query strings from the admin screens often carry empty values for "not set": treat them as absent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

export const ADMIN_LIST_DEFAULT_LIMIT = 10;
export const ADMIN_LIST_MAX_LIMIT = 100;
const limitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(ADMIN_LIST_MAX_LIMIT, `limit must be at most ${ADMIN_LIST_MAX_LIMIT}`)
  .default(ADMIN_LIST_DEFAULT_LIMIT);
const sortOrderSchema = z.preprocess(lower, z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }));

/** GET /admin/users (SPEC §7): sortBy accepts the column names and their camelCase forms. */
export const USER_SORT_KEYS = { id: 'id', username: 'username_key', email: 'email', role: 'role', created_at: 'created_at', createdat: 'created_at' } as const;
export const adminUsersQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  sortBy: optional(
    z.preprocess(lower, z.enum(Object.keys(USER_SORT_KEYS) as [keyof typeof USER_SORT_KEYS], { error: 'sortBy must be one of id, username, email, role, created_at' })),
  ),
  sortOrder: optional(sortOrderSchema),
  search: optional(z.string().trim().max(100, 'search must be at most 100 characters')),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const roleChangeSchema = z.object({ role: z.preprocess(lower, roleSchema) });

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
  (v) => (typeof v === 'string' ? DEAL_SORT_ALIASES[v.trim().toLowerCase()] ?? v : v),
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
const allOrId = optional(z.preprocess(lower, z.union([z.literal('all'), idSchema], { error: 'must be all or a numeric id' })));

/** GET /admin/deals (SPEC §2 Deals Management, §7, §9: default page 1, limit 10, created descending). */
export const adminDealsQuerySchema = z
  .object({
    page: pageSchema,
    limit: limitSchema,
    status: z.preprocess(lower, z.enum(ADMIN_DEAL_STATUS_FILTERS, { error: 'status must be all, active, expired, pending, rejected or deleted' })).default('all'),
    category: allOrId,
    store: allOrId,
    search: optional(z.string().trim().max(200, 'search must be at most 200 characters')),
    sort: optional(dealSortSchema),
    sortBy: optional(dealSortKeySchema),
    sortOrder: optional(sortOrderSchema),
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
    processTasks: z.preprocess((v) => v ?? noTasks, z.object(Object.fromEntries(ACTIVATION_TASKS.map((t) => [t, flag])) as Record<ActivationTask, typeof flag>)),
  }),
);
export type ActivateBody = z.output<typeof activateBodySchema>;

export const moderationLogQuerySchema = z.object({ page: pageSchema, limit: limitSchema });

/**
 * POST /admin/deals: the creation payload of SPEC §3 with §5's rules, except that an admin may point at an external
 * http(s) image (a scraped or copied deal) to localize later, and that the status is the admin's choice (default active).
 */
const imageRef = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(2048, message).refine((v) => isHttpUrl(v) || isUploadsPath(v), message);
export const adminDealCreateSchema = dealCreateSchema.extend({
  image_url: imageRef('Image URL must be a valid URL or a valid uploads path'),
  thumbnail_url: imageRef('Invalid thumbnail path').nullable().optional(),
});
export type AdminDealCreateInput = z.infer<typeof adminDealCreateSchema>;
