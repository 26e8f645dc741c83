/**
 * Voucher codes (docs/notes/vouchers-follows.md): requests with their messages, and the replies. The rules (rate,
 * 'May not work', duplicates, who may answer) are shared/domain/shops/vouchers.ts.
 */
import { z } from 'zod';
import {
  CONTROL_CHARACTERS,
  VOUCHER_CODE_MAX,
  VOUCHER_CONDITIONS_MAX,
  VOUCHER_REPORT_REASONS,
  VOUCHER_TITLE_MAX,
  VOUCHER_TITLE_MIN,
} from '../../domain/shops/vouchers.js';
import { blankToUndefined, lower, MAX_ID, memberRefSchema, optionalDateTimeSchema, pageCountFields, pageSchema } from '../common.js';

export const VOUCHER_PAGE_SIZE = 20;
export const VOUCHER_MAX_PAGE_SIZE = 50;

export const VOUCHER_MESSAGES = {
  login: 'Please log in to post a voucher',
  answerLogin: 'Please log in to answer',
  reportLogin: 'Please log in to report a voucher',
  notFound: 'Voucher not found',
  storeNotFound: 'Store not found',
  store: 'Please choose a store',
  code: `Code must be 1-${VOUCHER_CODE_MAX} characters without control characters`,
  title: `Title must be ${VOUCHER_TITLE_MIN}-${VOUCHER_TITLE_MAX} characters`,
  titleRequired: 'Title is required',
  conditions: `Conditions must be at most ${VOUCHER_CONDITIONS_MAX} characters`,
  controlCharacters: 'Text must not contain control characters',
  expiresAt: 'Expiry date must be a valid date',
  expiresPast: 'Expiry date must be in the future',
  exclusive: 'Only the team can mark a voucher exclusive',
  duplicate: 'This code is already listed for this shop',
  ownAnswer: 'You cannot answer your own voucher',
  notLive: 'Only live vouchers can be answered',
  worked: 'Please say whether it worked (true or false)',
  reason: 'Please choose a reason: expired, not-working or spam',
  alreadyReported: 'You have already reported this voucher',
  ownReport: 'You cannot report your own voucher',
  notPending: 'Only a pending voucher can be approved or rejected',
  noOpenReports: 'This voucher has no open reports',
  action: 'action must be dismiss, expire or delete',
} as const;

/** POST /vouchers. No code (absent, null or blank) is a "no code needed" offer. */
export const voucherCreateSchema = z.object({
  storeId: z.coerce.number({ error: VOUCHER_MESSAGES.store }).int(VOUCHER_MESSAGES.store).positive(VOUCHER_MESSAGES.store).max(MAX_ID, VOUCHER_MESSAGES.store),
  code: z.preprocess(
    blankToUndefined,
    z
      .string({ error: VOUCHER_MESSAGES.code })
      .trim()
      .max(VOUCHER_CODE_MAX, VOUCHER_MESSAGES.code)
      .refine((v) => !CONTROL_CHARACTERS.test(v), VOUCHER_MESSAGES.code)
      .optional(),
  ),
  title: z
    .string({ error: VOUCHER_MESSAGES.titleRequired })
    .trim()
    .min(VOUCHER_TITLE_MIN, VOUCHER_MESSAGES.title)
    .max(VOUCHER_TITLE_MAX, VOUCHER_MESSAGES.title)
    .refine((v) => !CONTROL_CHARACTERS.test(v), VOUCHER_MESSAGES.controlCharacters),
  conditions: z.preprocess(
    blankToUndefined,
    z
      .string({ error: VOUCHER_MESSAGES.conditions })
      .trim()
      .max(VOUCHER_CONDITIONS_MAX, VOUCHER_MESSAGES.conditions)
      // Conditions may run over lines; other control characters are refused.
      .refine((v) => !CONTROL_CHARACTERS.test(v.replace(/\r?\n/g, ' ')), VOUCHER_MESSAGES.controlCharacters)
      .optional(),
  ),
  expiresAt: optionalDateTimeSchema(VOUCHER_MESSAGES.expiresAt),
  exclusive: z.boolean({ error: 'exclusive must be true or false' }).optional(),
});
export type VoucherCreateInput = z.infer<typeof voucherCreateSchema>;

/** POST /vouchers/{id}/answer */
export const voucherAnswerSchema = z.object({ worked: z.boolean({ error: VOUCHER_MESSAGES.worked }) });
export type VoucherAnswerInput = z.infer<typeof voucherAnswerSchema>;

/** POST /vouchers/{id}/reports */
export const voucherReportSchema = z.object({ reason: z.preprocess(lower, z.enum(VOUCHER_REPORT_REASONS, { error: VOUCHER_MESSAGES.reason })) });
export type VoucherReportInput = z.infer<typeof voucherReportSchema>;

const booleanParam = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v), z.boolean()).default(false);

/** GET /vouchers (newest first) and GET /stores/{id}/vouchers (working first, then success rate, then newest). */
export const voucherListQuerySchema = z.object({
  page: pageSchema,
  pageSize: z.coerce.number().int().min(1).max(VOUCHER_MAX_PAGE_SIZE).default(VOUCHER_PAGE_SIZE),
  /** Expired vouchers are hidden unless asked for. */
  includeExpired: booleanParam,
});
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;

export const VOUCHER_ADMIN_STATUSES = ['pending', 'reported', 'active', 'all'] as const;
export const adminVoucherQuerySchema = z.object({
  status: z.preprocess(lower, z.enum(VOUCHER_ADMIN_STATUSES, { error: 'status must be pending, reported, active or all' })).default('pending'),
  page: pageSchema,
  pageSize: z.coerce.number().int().min(1).max(VOUCHER_MAX_PAGE_SIZE).default(VOUCHER_PAGE_SIZE),
});
export type AdminVoucherQuery = z.infer<typeof adminVoucherQuerySchema>;

export const VOUCHER_REPORT_ACTIONS = ['dismiss', 'expire', 'delete'] as const;
export const voucherResolveSchema = z.object({ action: z.preprocess(lower, z.enum(VOUCHER_REPORT_ACTIONS, { error: VOUCHER_MESSAGES.action })) });

// ---------------------------------------------------------------------------------------------------------------
// Replies

export const voucherSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  /** null: "no code needed". */
  code: z.string().nullable(),
  title: z.string(),
  conditions: z.string().nullable(),
  expiresAt: z.string().nullable(),
  isExpired: z.boolean(),
  exclusive: z.boolean(),
  /** pending, active, expired, rejected, deleted. */
  status: z.string(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** 0..1 over the last 30 days, recent answers weighing more; null without answers. */
  successRate: z.number().nullable(),
  answerCount: z.number().int(),
  lastWorkedAt: z.string().nullable(),
  mayNotWork: z.boolean(),
  copyCount: z.number().int(),
  /** The shop's affiliate-tagged link "Copy code" opens (null when the shop has no site). */
  shopUrl: z.string().nullable(),
  postedBy: memberRefSchema.nullable(),
  /** The caller's own answer: true worked, false didn't, null none (or signed out). */
  myAnswer: z.boolean().nullable(),
  /** Open reports: the team's views only. */
  openReports: z.number().int().optional(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherPageSchema = z.object({ vouchers: z.array(voucherSchema), pageSize: z.number().int(), ...pageCountFields });
export type VoucherPage = z.infer<typeof voucherPageSchema>;

/** GET /vouchers/shops: the shops with the most working codes. */
export const voucherShopSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  logoUrl: z.string().nullable(),
  workingCodes: z.number().int(),
  liveCodes: z.number().int(),
});
export const voucherShopListSchema = z.array(voucherShopSchema);
export type VoucherShop = z.infer<typeof voucherShopSchema>;

export const voucherCopiedSchema = z.object({ id: z.number().int(), copyCount: z.number().int() });
export const voucherReportedSchema = z.object({ id: z.number().int(), voucherExpired: z.boolean() });
export const voucherResolvedSchema = z.object({ id: z.number().int(), resolvedReports: z.number().int(), status: z.string() });
