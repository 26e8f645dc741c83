import { z } from 'zod';
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT, blankToUndefined, limitSchema, pageCountFields, pageSchema } from '../common.js';
import { MODERATION_LOG_PAGE_SIZE } from '../../domain/constants.js';

/**
 * The moderation log: every change the team (or members' reports, or a job) made, public at GET /moderation-log in
 * plain words (docs/notes/trust.md), and in full for the team at GET /admin/moderation-log.
 */

/** A reason the team gives (resolving reports, voiding votes); shown in the public log, so it must not name or quote a member. */
export const MODERATION_REASON_MAX = 500;
export const moderationReasonSchema = z.preprocess(
  blankToUndefined,
  z.string({ error: 'Reason must be text' }).trim().max(MODERATION_REASON_MAX, `Reason must be at most ${MODERATION_REASON_MAX} characters`).optional(),
);

// ---------------------------------------------------------------------------------------------------------------
// The public log: GET /moderation-log

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
export const PUBLIC_LOG_ACTORS = ['admin', 'moderator', 'member', 'community', 'system'] as const;
export type PublicLogActor = (typeof PUBLIC_LOG_ACTORS)[number];

/** One line of the public log: no emails, hashes, member notes or row data. */
export const publicLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(PUBLIC_LOG_ACTIONS),
  /** The deal concerned, while it is public (active or expired); otherwise null and `subject` says "a deal". */
  deal: z.object({ id: z.number().int(), title: z.string(), link: z.string() }).nullable(),
  /** What the entry is about, in words: the deal's title, "a deal", "a comment on <title>", "a member". */
  subject: z.string(),
  actor: z.object({ role: z.enum(PUBLIC_LOG_ACTORS), username: z.string().nullable() }),
  reason: z.string().nullable(),
});
export type PublicLogEntry = z.infer<typeof publicLogEntrySchema>;

export const publicLogPageSchema = z.object({ entries: z.array(publicLogEntrySchema), pageSize: z.number().int(), ...pageCountFields });
export type PublicLogPage = z.infer<typeof publicLogPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The team's log: GET /admin/moderation-log

export const moderationLogQuerySchema = z.object({ page: pageSchema, limit: limitSchema(ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT) });

/** One entry with the rows before and after the change, as stored. */
export const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.number().int().nullable(),
  entityTitle: z.string().nullable(),
  actor: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
  /** The reason given, and where a deal change came from (admin, reports, ...). */
  reason: z.string().nullable(),
  origin: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export const moderationLogPageSchema = z.object({ entries: z.array(moderationLogEntrySchema), limit: z.number().int(), ...pageCountFields });
export type ModerationLogPage = z.infer<typeof moderationLogPageSchema>;
