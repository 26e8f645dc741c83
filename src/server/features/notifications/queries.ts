import type { Kysely, Transaction } from 'kysely';
import { defaultPreferences, isNotificationType, type NotificationPreferences } from '../../../shared/domain/members/notifications.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

type PreferenceRow = { type: string | null; in_app: number | null; email: number | null; push: number | null };

/** The defaults with one saved row laid over (a row of an unknown type, or none, changes nothing). */
function overlay(prefs: NotificationPreferences, r: PreferenceRow): NotificationPreferences {
  if (r.type !== null && isNotificationType(r.type)) prefs[r.type] = { inApp: r.in_app === 1, email: r.email === 1, push: r.push === 1 };
  return prefs;
}

/** Each member's choices: the defaults with their saved rows laid over (members without rows are left out). */
export async function preferencesOf(db: Executor, userIds: number[]): Promise<Map<number, NotificationPreferences>> {
  const out = new Map<number, NotificationPreferences>();
  if (userIds.length === 0) return out;
  const rows = await db.selectFrom('notification_preferences').selectAll().where('user_id', 'in', userIds).execute();
  for (const r of rows) out.set(Number(r.user_id), overlay(out.get(Number(r.user_id)) ?? defaultPreferences(), r));
  return out;
}

/** A member who may be told, as notify weighs them: role, verification, choices (and name, for mentions). */
export interface Recipient {
  id: number;
  usernameKey: string;
  role: string;
  email_verified_at: string | null;
  prefs: NotificationPreferences;
}

/**
 * Who may be told, with their choices, in one read: each member's role and verification, and their saved rows. By id,
 * and with `usernameKeys` also by name (a comment's mentions are looked up in the same read as its other recipients).
 */
export async function recipientsOf(db: Executor, userIds: number[], usernameKeys: string[] = []): Promise<Map<number, Recipient>> {
  const out = new Map<number, Recipient>();
  if (userIds.length === 0 && usernameKeys.length === 0) return out;
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.username_key', 'u.role', 'u.email_verified_at', 'p.type', 'p.in_app', 'p.email', 'p.push'])
    .where((eb) => {
      const byId = userIds.length > 0 ? [eb('u.id', 'in', userIds)] : [];
      return eb.or(usernameKeys.length > 0 ? [...byId, eb('u.username_key', 'in', usernameKeys)] : byId);
    })
    .execute();
  for (const r of rows) {
    const id = Number(r.id);
    const user = out.get(id) ?? { id, usernameKey: r.username_key, role: r.role, email_verified_at: r.email_verified_at, prefs: defaultPreferences() };
    overlay(user.prefs, r);
    out.set(id, user);
  }
  return out;
}

export async function preferencesFor(db: Db, userId: number): Promise<NotificationPreferences> {
  return (await preferencesOf(db.kysely, [userId])).get(userId) ?? defaultPreferences();
}

/** A notification's columns as the inbox shows it, with its actor's name and avatar. */
const WITH_ACTOR = [
  'n.id',
  'n.type',
  'n.text',
  'n.url',
  'n.deal_id',
  'n.comment_id',
  'n.count',
  'n.created_at',
  'n.read_at',
  'a.username as actor_username',
  'a.avatar as actor_avatar',
] as const;

/** The unread count: an index-only count over the member's entries of the partial unread index. */
export const unreadCountQuery = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);

export async function unreadCount(db: Db, userId: number): Promise<number> {
  return Number((await unreadCountQuery(db.kysely, userId).executeTakeFirstOrThrow()).n);
}

/** One page of the inbox, newest first (one ordered index range), with the actors' names and avatars. */
type InboxOptions = { page: number; pageSize: number; unreadOnly: boolean };
const inboxBase = (db: Kysely<Database>, userId: number, opts: InboxOptions) =>
  db
    .selectFrom('notifications as n')
    .where('n.user_id', '=', userId)
    .$if(opts.unreadOnly, (q) => q.where('n.read_at', 'is', null));

/** The page's rows: one backward range of the member's (created_at, id) entries, stopped after the page. */
export const inboxPageQuery = (db: Kysely<Database>, userId: number, opts: InboxOptions) =>
  inboxBase(db, userId, opts)
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .select(WITH_ACTOR)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);

export async function listNotifications(db: Db, userId: number, opts: InboxOptions) {
  const [rows, total] = await Promise.all([
    inboxPageQuery(db.kysely, userId, opts).execute(),
    inboxBase(db.kysely, userId, opts)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type NotificationListRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

/** Rows by id with their actors (the stream sends a new notification as the inbox shows it). */
export async function notificationsByIds(db: Db, ids: number[]): Promise<NotificationListRow[]> {
  if (ids.length === 0) return [];
  return db.kysely.selectFrom('notifications as n').leftJoin('users as a', 'a.id', 'n.actor_id').select(WITH_ACTOR).where('n.id', 'in', ids).execute();
}
