import { type Insertable, sql } from 'kysely';
import {
  defaultPreferences,
  isNotificationType,
  KEEP_DAYS,
  KEEP_NEWEST,
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  type NotificationType,
} from '../../../shared/domain/members/notifications.js';
import { NOTIFICATION_MESSAGES, type PreferencesUpdate } from '../../../shared/schemas/members/notifications.js';
import { badRequest } from '../../http/errors.js';
import { verifyAlertToken } from '../alerts/index.js';
import type { Db } from '../../db/connection.js';
import type { NotificationsTable } from '../../db/schema.js';
import type { Tx } from '../deals/index.js';
import { type NotificationRow, notificationsCreated } from './created.js';
import { mayBeTold } from './policy.js';
import { preferencesOf, type Recipient, recipientsOf } from './queries.js';

type NewNotification = Insertable<NotificationsTable>;

/** What a cause wants to tell one member; `notify` decides whether it is told. */
export interface NotificationDraft {
  userId: number;
  type: NotificationType;
  actorId: number | null;
  dealId: number | null;
  commentId: number | null;
  text: string;
  url: string;
  /** The event, unique per member: the same key twice is one notification (or, with `gather`, one row updated). */
  groupKey: string;
  /** The deal it is about (status and poster), so nobody is told about a deal they may not see. */
  deal: { status: string; ownerId: number | null } | null;
  /** Gathered: a second event with the same key raises the row again with the new count and text. */
  gather?: { count: number };
}

/**
 * Writes notifications in the caller's transaction (the cause's own), by the rules every type shares:
 * never about one's own action, never about a deal the recipient may not see, never to an account that is not
 * verified, never twice for the same event (the unique group key), and only for the types the member keeps in-app.
 * A type chosen for email also marks the row for the gathered mail. Answers the rows written.
 */
export async function notify(
  db: Db,
  trx: Tx,
  drafts: NotificationDraft[],
  nowIso = new Date().toISOString(),
  /** The recipients when the cause has read them already (recipientsOf), else they are read here. */
  known?: Map<number, Recipient>,
): Promise<NotificationRow[]> {
  const wanted = drafts.filter((d) => d.actorId !== d.userId);
  if (wanted.length === 0) return [];
  const recipients = known ?? (await recipientsOf(trx, [...new Set(wanted.map((d) => d.userId))]));
  const plain: NewNotification[] = [];
  const gathered: NewNotification[] = [];
  const seen = new Set<string>();
  for (const d of wanted) {
    const key = `${d.userId}\n${d.groupKey}`;
    const recipient = recipients.get(d.userId);
    if (seen.has(key) || !recipient || !mayBeTold(recipient, d)) continue;
    seen.add(key);
    const choice = recipient.prefs[d.type];
    if (!choice.inApp) continue;
    (d.gather ? gathered : plain).push({
      user_id: d.userId,
      type: d.type,
      actor_id: d.actorId,
      deal_id: d.dealId,
      comment_id: d.commentId,
      text: d.text,
      url: d.url,
      count: d.gather?.count ?? 1,
      group_key: d.groupKey,
      created_at: nowIso,
      read_at: null,
      mail_pending: choice.email ? 1 : 0,
    });
  }
  // One statement for all the new ones (a comment's poster, parent author and mentioned members at once).
  const written: NotificationRow[] =
    plain.length === 0
      ? []
      : await trx
          .insertInto('notifications')
          .values(plain)
          .onConflict((oc) => oc.columns(['user_id', 'group_key']).doNothing())
          .returningAll()
          .execute();
  for (const values of gathered) {
    // The row is raised again as the latest event: its actor, text, count, link and deal (follow.deal names the newest).
    const { actor_id, text, count, mail_pending, url, deal_id } = values;
    const row = await trx
      .insertInto('notifications')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['user_id', 'group_key']).doUpdateSet({ actor_id, text, count, url, deal_id, created_at: nowIso, read_at: null, mail_pending }),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) written.push(row);
  }
  await notificationsCreated(db, trx, written);
  return written;
}

/** Marks the member's notifications among `ids` read; other members' ids change nothing. Answers how many changed. */
export async function markRead(db: Db, userId: number, ids: number[]): Promise<number> {
  const res = await db.kysely
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const res = await db.kysely
    .updateTable('notifications')
    .set({ read_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Saves the member's choices (only the channels given change); answers them all. */
export async function savePreferences(db: Db, userId: number, update: PreferencesUpdate['preferences']): Promise<NotificationPreferences> {
  return db.kysely.transaction().execute(async (trx) => {
    const current = (await preferencesOf(trx, [userId])).get(userId) ?? defaultPreferences();
    const nowIso = new Date().toISOString();
    for (const type of NOTIFICATION_TYPES) {
      const change = update[type];
      if (!change) continue;
      const next = { ...current[type], ...change };
      current[type] = next;
      const row = { in_app: Number(next.inApp), email: Number(next.email), push: Number(next.push), updated_at: nowIso };
      await trx
        .insertInto('notification_preferences')
        .values({ user_id: userId, type, ...row })
        .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet(row))
        .execute();
    }
    return current;
  });
}

/**
 * The gathered mail's one-click unsubscribe: the signed token names the member (alerts/tokens.ts, purpose
 * 'notifications-unsubscribe'); their email is turned off for the mail's types. Anything else is a 400.
 */
export async function unsubscribeByMail(db: Db, secret: string, token: string, types: string): Promise<NotificationType[]> {
  const userId = verifyAlertToken(secret, 'notifications-unsubscribe', token);
  if (userId === null) throw badRequest(NOTIFICATION_MESSAGES.invalidLink, 'token');
  const chosen = [...new Set(types.split(',').map((t) => t.trim()))];
  if (chosen.length === 0 || !chosen.every(isNotificationType)) throw badRequest(NOTIFICATION_MESSAGES.type, 'types');
  await savePreferences(db, userId, Object.fromEntries(chosen.map((t) => [t, { email: false }])));
  return chosen;
}

/** How often old notifications are pruned (jobs.ts). */
export const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Keeps each member's newest KEEP_NEWEST notifications and any younger than KEEP_DAYS (the pruning job, jobs.ts):
 * only members with rows older than the age limit are looked at, and for each only what lies past their newest 500.
 */
export async function pruneNotifications(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - KEEP_DAYS * 86_400_000).toISOString();
  const owners = await db.kysely.selectFrom('notifications').select('user_id').distinct().where('created_at', '<', cutoff).execute();
  let removed = 0;
  for (const { user_id } of owners) {
    // The member's 500th newest: rows older than it and older than the cutoff go.
    const edge = await db.kysely
      .selectFrom('notifications')
      .select(['created_at', 'id'])
      .where('user_id', '=', user_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(KEEP_NEWEST - 1)
      .limit(1)
      .executeTakeFirst();
    if (!edge) continue;
    const res = await db.kysely
      .deleteFrom('notifications')
      .where('user_id', '=', user_id)
      .where('created_at', '<', cutoff)
      .where(sql<boolean>`(created_at < ${edge.created_at} OR (created_at = ${edge.created_at} AND id < ${edge.id}))`)
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
  }
  return removed;
}
