import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ModerationAction =
  | 'activate'
  | 'edit'
  | 'delete'
  | 'create'
  | 'expire'
  | 'role-change'
  | 'comment-remove'
  | 'localize-image'
  | 'ai-title'
  | 'ai-description'
  | 'votes-void'
  | 'report-resolve'
  | 'account-delete'
  | 'account-export'
  | 'pull-back'
  | 'store-confirm'
  | 'store-merge';
export type ModerationEntity = 'deal' | 'category' | 'store' | 'user' | 'comment';

export interface ModerationEntry {
  actorId: number | null;
  action: ModerationAction;
  entityType: ModerationEntity;
  entityId: number | null;
  entityTitle?: string | null;
  before?: unknown;
  after?: unknown;
  /** Shown in the public moderation log: never a member's private words. */
  reason?: string | null;
  /** Where a deal change came from (the lifecycle's ChangeOrigin): tells "community" (member reports) from "system". */
  origin?: string | null;
}

/**
 * Appends one admin or moderator action (who, what, when, the fields before and after). Pass the transaction of the
 * change itself so the log and the change commit together. It feeds the dashboard's Recent Activity.
 */
export async function logModeration(db: Kysely<Database> | Transaction<Database>, entry: ModerationEntry): Promise<void> {
  await db
    .insertInto('moderation_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      entity_title: entry.entityTitle ?? null,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: new Date().toISOString(),
      reason: entry.reason ?? null,
      origin: entry.origin ?? null,
      // The role the actor acted in, kept as it was then (a later role change does not rewrite history).
      actor_role: (eb) => (entry.actorId === null ? eb.val(null) : eb.selectFrom('users').select('role').where('id', '=', entry.actorId)),
    })
    .execute();
}

/** Only the fields that changed, as {before, after} pairs for the log. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
