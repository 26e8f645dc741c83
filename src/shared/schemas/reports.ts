/**
 * Issue 13 "Trust in the feed": member reports, the team's report queue, a deal's votes (admin Votes panel) and the
 * public moderation log. Request schemas with their messages; the replies are typed in src/shared/api-trust.ts.
 */
import { z } from 'zod';
import { idSchema, pageSchema } from './common.js';

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

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

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
export const REPORT_QUEUE_DEFAULT_LIMIT = 20;
export const REPORT_QUEUE_MAX_LIMIT = 100;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

export const reportQueueQuerySchema = z.object({
  status: z.preprocess(lower, z.enum(REPORT_QUEUE_STATUSES, { error: 'status must be open or resolved' })).default('open'),
  page: pageSchema,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REPORT_QUEUE_MAX_LIMIT, `limit must be at most ${REPORT_QUEUE_MAX_LIMIT}`)
    .default(REPORT_QUEUE_DEFAULT_LIMIT),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

/** What the team does with a deal's open reports: keep the deal (dismiss), expire it, or delete it (soft). */
export const REPORT_ACTIONS = ['dismiss', 'expire', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** How a report was closed: one of the team's actions, or `closed` when the deal left the feed another way. */
export type ReportResolution = ReportAction | 'closed';

/** A reason the team gives; shown in the public moderation log, so it must not name or quote a member. */
export const MODERATION_REASON_MAX = 500;
const moderationReason = z.preprocess(
  blankToUndefined,
  z.string({ error: 'Reason must be text' }).trim().max(MODERATION_REASON_MAX, `Reason must be at most ${MODERATION_REASON_MAX} characters`).optional(),
);

export const reportResolveSchema = z.object({
  action: z.preprocess(lower, z.enum(REPORT_ACTIONS, { error: 'action must be dismiss, expire or delete' })),
  reason: moderationReason,
});
export type ReportResolveInput = z.infer<typeof reportResolveSchema>;

export const dealIdParamsSchema = z.object({ dealId: idSchema });

export const NO_OPEN_REPORTS = 'This deal has no open reports';
/** The moderation-log reason of an expiry decided by members' reports. */
export const EXPIRED_BY_REPORTS = 'Expired after member reports';

// ---------------------------------------------------------------------------------------------------------------
// A deal's votes (admin edit deal "Votes" panel): GET /admin/deals/{id}/votes, POST /admin/deals/{id}/votes/void

export const DEAL_VOTES_DEFAULT_LIMIT = 100;
export const DEAL_VOTES_MAX_LIMIT = 500;
export const dealVotesQuerySchema = z.object({
  page: pageSchema,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(DEAL_VOTES_MAX_LIMIT, `limit must be at most ${DEAL_VOTES_MAX_LIMIT}`)
    .default(DEAL_VOTES_DEFAULT_LIMIT),
});

export const VOID_MAX = 500;
export const voteVoidSchema = z.object({
  voteIds: z
    .array(idSchema, { error: 'voteIds must be a list of vote ids' })
    .min(1, 'Choose at least one vote to void')
    .max(VOID_MAX, `At most ${VOID_MAX} votes can be voided at once`)
    .transform((ids) => [...new Set(ids)]),
  reason: moderationReason,
});
export type VoteVoidInput = z.infer<typeof voteVoidSchema>;

export const NO_SUCH_VOTES = 'None of these votes belong to this deal';
export const NETWORK_VOTE_LIMIT = 'Too many votes on this deal from your network';

// ---------------------------------------------------------------------------------------------------------------
// The public moderation log: GET /moderation-log

export const MODERATION_LOG_PAGE_SIZE = 30;
export const publicModerationLogQuerySchema = z.object({
  page: pageSchema,
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(100, 'pageSize must be at most 100')
    .default(MODERATION_LOG_PAGE_SIZE),
});

/** The actions the public log shows, with their words. */
export const PUBLIC_LOG_ACTIONS = {
  activate: 'activated',
  edit: 'edited',
  expire: 'expired',
  delete: 'deleted',
  'comment-remove': 'comment removed',
  'votes-void': 'votes voided',
  'report-resolve': 'report resolved',
  'role-change': 'role changed',
} as const;
export type PublicLogAction = (typeof PUBLIC_LOG_ACTIONS)[keyof typeof PUBLIC_LOG_ACTIONS];

/** Who acted, as the public sees it: the team by role, the members' reports as "community", jobs as "system". */
export type PublicLogActor = 'admin' | 'moderator' | 'member' | 'community' | 'system';
