import { z } from 'zod';
import { idSchema, isDateTimeText, isHttpUrl, isUploadsPath, MAX_ID, optionalDateTimeSchema, pageSchema } from './common.js';

export const DEAL_TITLE_MAX = 100;
export const COUPON_MAX = 50;
export const DEAL_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EXPIRY_INVALID = 'Expiration date must be a valid date';
export const EXPIRY_PAST = 'Expiration date must be in the future';
export const DEAL_STATUSES = ['pending', 'active', 'expired', 'rejected', 'deleted'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** The browse sort menu (SPEC §9) and GET /deals's sort; discount = biggest percentage off first, no original price last (issue 17). */
export const DEAL_SORTS = ['newest', 'hottest', 'getting-warm', 'price-asc', 'price-desc', 'most-commented', 'trending', 'discount'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEAL_TYPES = ['hot', 'warm', 'free', 'discounted'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const BROWSE_STATUSES = ['active', 'expired', 'all'] as const;

const requiredNumber = (required: string, min: string) =>
  z.coerce
    .number({ error: required })
    .refine((n) => Number.isFinite(n), required)
    .min(0, min)
    .max(1_000_000, 'Price is too large');

/** Expiry rules are checked even while other fields are still invalid, so the form shows them together with the rest. */
const expiryCheckable = ({ value }: { value: unknown }) => {
  const v = value as { hasExpiry?: unknown; expiresAt?: unknown } | null;
  return v?.hasExpiry !== true || v.expiresAt === undefined || typeof v.expiresAt === 'string';
};

/** The post-a-deal form (SPEC §5 Deal form). Field names follow the form; the API payload is snake_case. */
export const dealFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(DEAL_TITLE_MAX, 'Title must be at most 100 characters'),
    description: z.string().trim().min(1, 'Description is required').max(10_000, 'Description must be at most 10000 characters'),
    dealUrl: z.string().trim().min(1, 'Deal URL is required').max(2048, 'Must be a valid URL').refine(isHttpUrl, 'Must be a valid URL'),
    price: z.union([z.literal(''), z.number(), z.string()]).transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Price is required' });
        return z.NEVER;
      }
      const n = Number(v);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: 'Price is required' });
        return z.NEVER;
      }
      if (n < 0) {
        ctx.addIssue({ code: 'custom', message: 'Price must be positive' });
        return z.NEVER;
      }
      return n;
    }),
    originalPrice: z.union([z.literal(''), z.number(), z.string()]).transform((v, ctx) => {
      if (v === '' || v === null || v === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Original price is required' });
        return z.NEVER;
      }
      const n = Number(v);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: 'Original price is required' });
        return z.NEVER;
      }
      if (n < 0) {
        ctx.addIssue({ code: 'custom', message: 'Original price must be positive' });
        return z.NEVER;
      }
      return n;
    }),
    categoryId: z.coerce.number({ error: 'Category is required' }).int('Please select a category').min(1, 'Please select a category'),
    storeId: z.coerce.number({ error: 'Store is required' }).int('Please select a store').min(1, 'Please select a store'),
    coupon: z.string().trim().max(COUPON_MAX, 'Coupon code must be at most 50 characters').optional().or(z.literal('')),
    hasExpiry: z.boolean().default(false),
    expiresAt: z.string().optional().or(z.literal('')),
  })
  .refine((v) => !v.hasExpiry || !v.expiresAt || isDateTimeText(v.expiresAt), { path: ['expiresAt'], message: EXPIRY_INVALID, when: expiryCheckable })
  .refine(
    (v) => {
      if (!v.hasExpiry) return true;
      if (v.expiresAt && !isDateTimeText(v.expiresAt)) return true; // told above: not a date
      const t = v.expiresAt ? Date.parse(v.expiresAt) : Number.NaN;
      return Number.isFinite(t) && t > Date.now();
    },
    { path: ['expiresAt'], message: EXPIRY_PAST, when: expiryCheckable },
  );
export type DealFormInput = z.input<typeof dealFormSchema>;

const moneySchema = (required: string, min: string) => requiredNumber(required, min);

/** POST /deals and PUT /deals/{id}: the snake_case creation payload of SPEC §3, with §5's rules. */
export const dealCreateSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(DEAL_TITLE_MAX, 'Title must be at most 100 characters'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(10_000, 'Description must be at most 10000 characters'),
  url: z.string({ error: 'Deal URL is required' }).trim().min(1, 'Deal URL is required').max(2048, 'Must be a valid URL').refine(isHttpUrl, 'Must be a valid URL'),
  image_url: z.string({ error: 'Please upload an image for the deal' }).trim().min(1, 'Please upload an image for the deal').max(500).refine(isUploadsPath, 'Please upload an image for the deal'),
  thumbnail_url: z.string().trim().max(500).refine(isUploadsPath, 'Invalid thumbnail path').nullable().optional(),
  price: moneySchema('Price is required', 'Price must be positive'),
  original_price: moneySchema('Original price is required', 'Original price must be positive'),
  category_id: z.coerce.number({ error: 'Category is required' }).int('Please select a category').min(1, 'Please select a category').max(MAX_ID, 'Please select a category'),
  store_id: z.coerce.number({ error: 'Store is required' }).int('Please select a store').min(1, 'Please select a store').max(MAX_ID, 'Please select a store'),
  coupon: z.string().trim().max(COUPON_MAX, 'Coupon code must be at most 50 characters').nullable().optional(),
  expires_at: optionalDateTimeSchema(EXPIRY_INVALID).refine((v) => !v || !isDateTimeText(v) || Date.parse(v) > Date.now(), EXPIRY_PAST),
  status: z.enum(DEAL_STATUSES).optional(),
  /** Moderators and admins: post even though an active deal of the same product exists (issue 14); ignored for members. */
  allowDuplicate: z.boolean({ error: 'allowDuplicate must be true or false' }).optional(),
});
export type DealCreateInput = z.infer<typeof dealCreateSchema>;

/**
 * PUT /deals/{id}: the creation payload, except that an unchanged past expiry stays valid (the command checks that a
 * changed one is in the future). The date must still be a date.
 */
export const dealUpdateSchema = dealCreateSchema.extend({ expires_at: optionalDateTimeSchema(EXPIRY_INVALID) });
export type DealUpdateInput = z.infer<typeof dealUpdateSchema>;

/** Query string of GET /deals (SPEC §2 Browse, §7, §9). `query` is accepted as an alias of `search`. */
export const dealListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  query: z.string().trim().max(200).optional(),
  category: z.union([z.literal('all'), idSchema]).optional(),
  store: z.union([z.literal('all'), idSchema]).optional(),
  status: z.enum(BROWSE_STATUSES).default('active'),
  sort: z.enum(DEAL_SORTS).default('newest'),
  page: pageSchema,
  /** Capped at 100: a larger request gets 100 rather than an error. */
  pageSize: z.coerce.number().int().min(1).default(30).transform((n) => Math.min(n, 100)),
  minPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  maxPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  /**
   * With status=all: live deals first, then expired ones, each part in the sort's order (a store page, issue 17).
   * 'true' or '1' turns it on; absent, 'false' or '0' keeps the two interleaved in the sort's order.
   */
  activeFirst: z
    .enum(['true', 'false', '1', '0'], { error: 'activeFirst must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** One or several of hot, warm, free, discounted: repeated or comma-separated. */
  dealType: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)))
    .pipe(z.array(z.enum(DEAL_TYPES))),
});
export type DealListQuery = z.infer<typeof dealListQuerySchema>;

export const limitQuerySchema = (defaultLimit: number) =>
  z.object({ limit: z.coerce.number().int().min(1).max(50).default(defaultLimit) });

export const relatedQuerySchema = z.object({
  category: idSchema.optional(),
  excludeDealId: idSchema.optional(),
  status: z.enum(BROWSE_STATUSES).default('active'),
  sort: z.enum(DEAL_SORTS).default('hottest'),
  limit: z.coerce.number().int().min(1).max(20).default(4),
});

export const pagedQuerySchema = (defaultSize: number) =>
  z.object({ page: pageSchema, pageSize: z.coerce.number().int().min(1).max(100).default(defaultSize) });

export const voteSchema = z.object({
  dealId: idSchema,
  voteType: z.union([z.literal(1), z.literal(-1), z.literal('1').transform(() => 1 as const), z.literal('-1').transform(() => -1 as const)], {
    error: 'voteType must be 1 or -1',
  }),
});

/** Admin edit form (SPEC §5 Admin deal edit form). */
export const ADMIN_EDIT_STATUSES = ['active', 'expired', 'deleted', 'pending'] as const;
export const adminDealEditSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(DEAL_TITLE_MAX, 'Title must be at most 100 characters'),
  description: z.string().max(10_000).nullable().optional(),
  price: z.coerce.number({ error: 'Price must be positive' }).min(0, 'Price must be positive').max(1_000_000),
  originalPrice: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: 'Original price must be positive' }).min(0, 'Original price must be positive').max(1_000_000)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  url: z.string({ error: 'Must be a valid URL' }).trim().max(2048).refine(isHttpUrl, 'Must be a valid URL'),
  status: z.enum(ADMIN_EDIT_STATUSES),
  storeId: z.coerce.number({ error: 'Store is required' }).int('Store is required').positive('Store is required').max(MAX_ID, 'Store is required'),
  categoryId: z.coerce.number({ error: 'Category is required' }).int('Category is required').positive('Category is required').max(MAX_ID, 'Category is required'),
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
