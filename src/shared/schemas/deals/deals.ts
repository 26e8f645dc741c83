import { z } from 'zod';
import { BROWSE_PAGE_SIZE } from '../../domain/constants.js';
import { idSchema, isDateTimeText, isHttpUrl, isUploadsPath, MAX_ID, optionalDateTimeSchema, pageCountFields, pageSchema, requiredText } from '../common.js';

export const DEAL_TITLE_MAX = 100;
export const COUPON_MAX = 50;
export const DEAL_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The deal picture's messages (SPEC §5 Deal form), from the form's check and from POST /deals/upload-image and /deals. */
export const DEAL_IMAGE_MESSAGES = {
  required: 'Please upload an image for the deal',
  notImage: 'Selected file must be an image',
  tooLarge: 'Image size must be less than 2MB',
} as const;
export const EXPIRY_INVALID = 'Expiration date must be a valid date';
export const EXPIRY_PAST = 'Expiration date must be in the future';
export const DEAL_STATUSES = ['pending', 'active', 'expired', 'rejected', 'deleted'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** The browse sort menu (SPEC §9) and GET /deals's sort; discount = biggest percentage off first, no original price last. */
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

/** A deal's title, description and link, the same on the form and in the payloads. */
export const dealTitleSchema = requiredText('Title', DEAL_TITLE_MAX);
const dealDescriptionSchema = requiredText('Description', 10_000);
export const dealUrlSchema = requiredText('Deal URL', 2048, 'Must be a valid URL').refine(isHttpUrl, 'Must be a valid URL');

/** A price box of the form: blank or not a number is `required`, below zero `min`. */
const formMoney = (required: string, min: string) =>
  z.union([z.literal(''), z.number(), z.string()]).transform((v, ctx) => {
    const n = v === '' ? Number.NaN : Number(v);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: Number.isFinite(n) ? min : required });
      return z.NEVER;
    }
    return n;
  });

/** Expiry rules are checked even while other fields are still invalid, so the form shows them together with the rest. */
const expiryCheckable = ({ value }: { value: unknown }) => {
  const v = value as { hasExpiry?: unknown; expiresAt?: unknown } | null;
  return v?.hasExpiry !== true || v.expiresAt === undefined || typeof v.expiresAt === 'string';
};

/** The post-a-deal form (SPEC §5 Deal form). Field names follow the form; the API payload is snake_case. */
export const dealFormSchema = z
  .object({
    title: dealTitleSchema,
    description: dealDescriptionSchema,
    dealUrl: dealUrlSchema,
    price: formMoney('Price is required', 'Price must be positive'),
    originalPrice: formMoney('Original price is required', 'Original price must be positive'),
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
  title: dealTitleSchema,
  description: dealDescriptionSchema,
  url: dealUrlSchema,
  image_url: z
    .string({ error: DEAL_IMAGE_MESSAGES.required })
    .trim()
    .min(1, DEAL_IMAGE_MESSAGES.required)
    .max(500)
    .refine(isUploadsPath, DEAL_IMAGE_MESSAGES.required),
  thumbnail_url: z.string().trim().max(500).refine(isUploadsPath, 'Invalid thumbnail path').nullable().optional(),
  price: moneySchema('Price is required', 'Price must be positive'),
  original_price: moneySchema('Original price is required', 'Original price must be positive'),
  category_id: z.coerce
    .number({ error: 'Category is required' })
    .int('Please select a category')
    .min(1, 'Please select a category')
    .max(MAX_ID, 'Please select a category'),
  store_id: z.coerce.number({ error: 'Store is required' }).int('Please select a store').min(1, 'Please select a store').max(MAX_ID, 'Please select a store'),
  coupon: z.string().trim().max(COUPON_MAX, 'Coupon code must be at most 50 characters').nullable().optional(),
  expires_at: optionalDateTimeSchema(EXPIRY_INVALID).refine((v) => !v || !isDateTimeText(v) || Date.parse(v) > Date.now(), EXPIRY_PAST),
  status: z.enum(DEAL_STATUSES).optional(),
  /** Moderators and admins: post even though an active deal of the same product exists (docs/notes/products.md); ignored for members. */
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
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(BROWSE_PAGE_SIZE)
    .transform((n) => Math.min(n, 100)),
  minPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  maxPrice: z.coerce.number().min(0).max(1_000_000).optional(),
  /**
   * With status=all: live deals first, then expired ones, each part in the sort's order (what a store page shows).
   * 'true' or '1' turns it on; absent, 'false' or '0' keeps the two interleaved in the sort's order.
   */
  activeFirst: z
    .enum(['true', 'false', '1', '0'], { error: 'activeFirst must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * 'true' or '1': search for the words as typed, never their near spellings (the page's "Search instead for" link,
   * docs/notes/search.md).
   */
  exact: z
    .enum(['true', 'false', '1', '0'], { error: 'exact must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * 'true' or '1' (members only): live deals from the shops, categories and members the caller follows, newest first
   * (the Following tab, docs/notes/vouchers-follows.md); the other filters and the sort do not apply.
   */
  following: z
    .enum(['true', 'false', '1', '0'], { error: 'following must be true or false' })
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

export const limitQuerySchema = (defaultLimit: number) => z.object({ limit: z.coerce.number().int().min(1).max(50).default(defaultLimit) });

export const relatedQuerySchema = z.object({
  category: idSchema.optional(),
  excludeDealId: idSchema.optional(),
  status: z.enum(BROWSE_STATUSES).default('active'),
  sort: z.enum(DEAL_SORTS).default('hottest'),
  limit: z.coerce.number().int().min(1).max(20).default(4),
});

export const pagedQuerySchema = (defaultSize: number) => z.object({ page: pageSchema, pageSize: z.coerce.number().int().min(1).max(100).default(defaultSize) });

// ---------------------------------------------------------------------------------------------------------------
// Replies

const money = z.number().nullable();

/** A deal's own figures, all time (docs/notes/analytics.md): its poster's and the team's only. */
export const dealFiguresSchema = z.object({ views: z.number().int(), clicks: z.number().int() });
export type DealFigures = z.infer<typeof dealFiguresSchema>;

/** A deal as every deal route answers it (SPEC §3 Deal): camelCase, pounds, ISO-8601 UTC times. */
export const dealSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  dealUrl: z.string(),
  /** The deal URL with affiliate tagging applied (shared/domain/shops/affiliate.ts). */
  outboundUrl: z.string(),
  price: money,
  originalPrice: money,
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  coupon: z.string().nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  storeId: z.number().int(),
  storeName: z.string(),
  store: z.object({ id: z.number().int(), name: z.string(), logoUrl: z.string().nullable(), url: z.string().nullable() }),
  userId: z.number().int().nullable(),
  userUsername: z.string().nullable(),
  /** The poster's badges as they read ("Hot Poster": shared/domain/members/reputation.ts BADGES labels), when they have any. */
  userBadges: z.array(z.string()).optional(),
  status: z.enum(DEAL_STATUSES),
  source: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  temperature: z.number(),
  upvotes: z.number(),
  downvotes: z.number(),
  totalVotes: z.number(),
  /** Signed-in callers only: their vote on this deal. */
  userVote: z.union([z.literal(1), z.literal(-1)]).optional(),
  /** Signed-in callers only: whether they saved this deal. */
  isSaved: z.boolean().optional(),
  commentCount: z.number().int(),
  isPending: z.boolean(),
  isExpired: z.boolean(),
  /** Admin deal list and detail only: the deal this one was flagged as a likely repost of when posted, else null (docs/notes/products.md). */
  duplicateOf: z.number().int().nullable().optional(),
  /**
   * Deal lists only (GET /deals and its home rows, related deals, saved deals): the card's "Lowest price we've seen"
   * badge, the deal page's rule (shared/domain/deals/lowest-price.ts) from one grouped query per page. Absent on a single
   * deal's answer, whose page asks GET /deals/{id}/price-history instead.
   */
  isLowestPrice: z.boolean().optional(),
  /**
   * A single deal's answer and My deals, to its poster and the team only: its views and outbound clicks so far
   * (docs/notes/analytics.md). Never in the lists, never to anyone else.
   */
  figures: dealFiguresSchema.optional(),
  /**
   * My deals only (docs/notes/posting.md): the team's latest word on the deal (its reason when it rejected or pulled
   * it back) and the automatic tidy of its title, old and new, when there was one.
   */
  review: z
    .object({
      reason: z.string().nullable(),
      reasonAt: z.string().nullable(),
      retitled: z.object({ from: z.string(), to: z.string(), at: z.string() }).nullable(),
      postedLive: z.boolean(),
    })
    .optional(),
});
export type Deal = z.infer<typeof dealSchema>;

/** A filter an empty search could drop, and what the search would then find (GET /deals's `relaxations`). */
export const dealRelaxationSchema = z.object({
  /** The browse filters an empty search offers to drop; the status is a view, not offered. Written here, not as a shared
   * constant: this module's constants sit in the home page's first-load chunk (docs/notes/web-performance.md). */
  filter: z.enum(['category', 'store', 'price', 'dealType']),
  label: z.string(),
  count: z.number().int(),
  /** The search's count stops at 1,000 (as its list's total does): "1,000+ deals". */
  countCapped: z.boolean().optional(),
  query: z.string(),
});
export type DealRelaxation = z.infer<typeof dealRelaxationSchema>;

/** GET /deals (and GET /deals/saved): one page of deals. */
export const dealPageSchema = z.object({
  deals: z.array(dealSchema),
  ...pageCountFields,
  /** A search's total stops at 1,000: then this is true and the list says "1,000+ deals" (docs/notes/deals-api.md). */
  totalCountCapped: z.boolean().optional(),
  pageSize: z.number().int(),
  /**
   * A search that found few deals as typed, listed with its near spellings too: `search` is the query used for them
   * ("samsung tv"), `typed` what was typed ("samsnug tv"), `exactMatches` how many deals the words as typed found (listed
   * first). The page says "Showing results for ..." with a link to search `typed` exactly (docs/notes/search.md).
   */
  nearSpelling: z.object({ search: z.string(), typed: z.string(), exactMatches: z.number().int() }).optional(),
  /**
   * A search that found nothing (near spellings too) with filters: each filter it could drop, with the deals the
   * search would find without it ("Remove 'Under £20.00' — 14 deals"). `query` is this request's query string without
   * that filter (and its page), for the browse URL. Only on an empty page (docs/notes/search.md).
   */
  relaxations: z.array(dealRelaxationSchema).optional(),
});
export type DealPage = z.infer<typeof dealPageSchema>;

/** The home rows, related deals, a member's own deals: a plain list. */
export const dealListSchema = z.array(dealSchema);

/** POST /deals/upload-image: the stored picture and its thumbnail. */
export const uploadResultSchema = z.object({ imageUrl: z.string(), thumbnailUrl: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;
