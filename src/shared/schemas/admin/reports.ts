/**
 * Reports (docs/notes/trust.md): a member reports a deal, the team works through the queue of reported deals. Requests
 * with their messages, and the replies. A deal's votes are ./votes.ts, the moderation log ./moderation-log.ts.
 */
import { z } from 'zod';
import { REPORT_QUEUE_PAGE_SIZE } from '../../domain/constants.js';
import { blankToUndefined, limitSchema, lower, memberRefSchema, pageCountFields, pageSchema } from '../common.js';
import { moderationReasonSchema } from './moderation-log.js';

// ---------------------------------------------------------------------------------------------------------------
// Member reports: POST /deals/{id}/reports

export const REPORT_REASONS = ['expired', 'spam', 'duplicate', 'wrong-price', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The Report dialog's choices, in this order. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  expired: 'Deal has expired',
  spam: 'Spam or advertising',
  duplicate: 'Duplicate of another deal',
  'wrong-price': 'Wrong price',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 500;

export const REPORT_MESSAGES = {
  login: 'Please log in to report a deal',
  already: 'You have already reported this deal',
  ownDeal: 'You cannot report your own deal',
  notActive: 'You can only report active deals',
  reason: 'Please choose a reason: expired, spam, duplicate, wrong-price or other',
  noteRequired: 'Please tell us what is wrong with this deal',
  noteTooLong: `Note must be at most ${REPORT_NOTE_MAX} characters`,
  created: 'Thanks, the team will take a look',
} as const;

export const reportCreateSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
    note: z.preprocess(blankToUndefined, z.string({ error: REPORT_MESSAGES.noteTooLong }).trim().max(REPORT_NOTE_MAX, REPORT_MESSAGES.noteTooLong).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: REPORT_MESSAGES.noteRequired });
  });
export type ReportCreateInput = z.infer<typeof reportCreateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The team's queue: GET /admin/reports, GET /admin/reports/count, POST /admin/reports/{dealId}/resolve

export const REPORT_QUEUE_STATUSES = ['open', 'resolved'] as const;
export type ReportQueueStatus = (typeof REPORT_QUEUE_STATUSES)[number];
export const REPORT_QUEUE_MAX_LIMIT = 100;

export const reportQueueQuerySchema = z.object({
  status: z.preprocess(lower, z.enum(REPORT_QUEUE_STATUSES, { error: 'status must be open or resolved' })).default('open'),
  page: pageSchema,
  limit: limitSchema(REPORT_QUEUE_PAGE_SIZE, REPORT_QUEUE_MAX_LIMIT),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

/** What the team does with a deal's open reports: keep the deal (dismiss), expire it, or delete it (soft). */
export const REPORT_ACTIONS = ['dismiss', 'expire', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** How a report was closed: one of the team's actions, or `closed` when the deal left the feed another way. */
export type ReportResolution = ReportAction | 'closed';

export const reportResolveSchema = z.object({
  action: z.preprocess(lower, z.enum(REPORT_ACTIONS, { error: 'action must be dismiss, expire or delete' })),
  reason: moderationReasonSchema,
});
export type ReportResolveInput = z.infer<typeof reportResolveSchema>;

export const NO_OPEN_REPORTS = 'This deal has no open reports';
/** The moderation-log reason of an expiry decided by members' reports. */
export const EXPIRED_BY_REPORTS = 'Expired after member reports';

// ---------------------------------------------------------------------------------------------------------------
// Replies

/** POST /deals/{id}/reports (201). `dealExpired`: this report was the one that expired the deal. */
export const reportCreatedSchema = z.object({ id: z.number().int(), dealExpired: z.boolean() });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

export const reportQueueReportSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  /** The member's note: for the team only. */
  note: z.string().nullable(),
  reporter: memberRefSchema,
  createdAt: z.string(),
});
export type ReportQueueReport = z.infer<typeof reportQueueReportSchema>;

/** One deal in the queue: its open reports (status=open), or one resolved batch of them (status=resolved). */
export const reportQueueItemSchema = z.object({
  deal: z.object({ id: z.number().int(), title: z.string(), status: z.string(), temperature: z.number(), link: z.string() }),
  reportCount: z.number().int(),
  /** Count per reason, every reason present (0 when none). */
  reasons: z.record(z.enum(REPORT_REASONS), z.number().int()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  reports: z.array(reportQueueReportSchema),
  /** null while open. `resolvedBy` is null when the deal left the feed without anyone answering for it. */
  resolution: z.object({ action: z.enum([...REPORT_ACTIONS, 'closed']), resolvedAt: z.string(), resolvedBy: memberRefSchema.nullable() }).nullable(),
});
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

/** GET /admin/reports */
export const reportQueuePageSchema = z.object({
  items: z.array(reportQueueItemSchema),
  status: z.enum(REPORT_QUEUE_STATUSES),
  limit: z.number().int(),
  ...pageCountFields,
});
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

/** GET /admin/reports/count: the sidebar badge (deals with open reports) and the number of open reports. */
export const openReportCountSchema = z.object({ openDeals: z.number().int(), openReports: z.number().int() });
export type OpenReportCount = z.infer<typeof openReportCountSchema>;

/** POST /admin/reports/{dealId}/resolve */
export const reportResolvedSchema = z.object({
  dealId: z.number().int(),
  action: z.enum(REPORT_ACTIONS),
  resolvedReports: z.number().int(),
  dealStatus: z.string(),
});
export type ReportResolved = z.infer<typeof reportResolvedSchema>;
