import { FOLLOW_GATHER_MS, FOLLOW_PRIORITY, type FollowType, followedUrl } from '../../../shared/domain/members/follows.js';
import { followSource, notificationText as say, notificationUrl as link } from '../../../shared/domain/members/notifications.js';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/connection.js';
import type { DealRow } from '../../db/schema.js';
import type { Tx } from '../deals/index.js';
import { type NotificationDraft, notify } from '../notifications/index.js';

/** "follow.deal:store:12:" + the gathering window's start (ms, 13 digits, so keys sort as times). */
const keyPrefix = (type: FollowType, id: number) => `follow.deal:${type}:${id}:`;
const stamp = (ms: number) => String(ms).padStart(13, '0');
/** Followers told per statement batch (a big shop's followers). */
const BATCH = 500;

/**
 * A deal went live (the lifecycle's deal.activated, in its transaction): the members following its poster, shop or
 * category hear of it through notify (never their own deal, never a deal they may not see, their preferences). Each
 * member is told once per deal, naming what they follow in FOLLOW_PRIORITY order. New deals from one followed thing
 * within FOLLOW_GATHER_MS of the first are gathered into one notification: the window's start is in the group key,
 * so the member's open window is found by a range of the notifications' (user_id, group_key) unique index and raised
 * again with the new count, the latest deal and as unread.
 */
export async function notifyFollowers(db: Db, trx: Tx, deal: DealRow, nowIso: string): Promise<void> {
  const sources: Array<{ type: FollowType; id: number }> = [];
  if (deal.user_id !== null) sources.push({ type: 'member', id: Number(deal.user_id) });
  if (deal.store_id !== null) sources.push({ type: 'store', id: Number(deal.store_id) });
  if (deal.category_id !== null) sources.push({ type: 'category', id: Number(deal.category_id) });
  if (sources.length === 0) return;
  const rows = await trx
    .selectFrom('follows')
    .select(['user_id', 'target_type', 'target_id'])
    .where((eb) => eb.or(sources.map((s) => eb.and([eb('target_type', '=', s.type), eb('target_id', '=', s.id)]))))
    .execute();
  if (rows.length === 0) return;
  // Each follower's most specific source.
  const rank = (t: string) => FOLLOW_PRIORITY.indexOf(t as FollowType);
  const bySource = new Map<string, number[]>();
  const best = new Map<number, string>();
  for (const r of rows) {
    const uid = Number(r.user_id);
    if (uid === Number(deal.user_id)) continue;
    const current = best.get(uid);
    if (current === undefined || rank(r.target_type) < rank(current.split(':')[0])) best.set(uid, `${r.target_type}:${r.target_id}`);
  }
  for (const [uid, source] of best) bySource.set(source, [...(bySource.get(source) ?? []), uid]);

  const now = Date.parse(nowIso);
  for (const [source, userIds] of bySource) {
    const [type, idText] = source.split(':') as [FollowType, string];
    const id = Number(idText);
    const name = await sourceName(trx, type, id);
    if (name === null) continue;
    const prefix = keyPrefix(type, id);
    for (let i = 0; i < userIds.length; i += BATCH) {
      const chunk = userIds.slice(i, i + BATCH);
      const open = await trx
        .selectFrom('notifications')
        .select(['user_id', 'group_key', 'count'])
        .where('user_id', 'in', chunk)
        .where('group_key', '>', prefix + stamp(now - FOLLOW_GATHER_MS))
        .where('group_key', '<', `${prefix}~`)
        .execute();
      const windows = new Map(open.map((o) => [Number(o.user_id), { key: o.group_key, count: Number(o.count) }]));
      const drafts: NotificationDraft[] = chunk.map((userId) => {
        const window = windows.get(userId);
        const count = window ? window.count + 1 : 1;
        return {
          userId,
          type: 'follow.deal',
          actorId: deal.user_id === null ? null : Number(deal.user_id),
          dealId: Number(deal.id),
          commentId: null,
          text: say.followDeal(followSource(type, name), count, deal.title),
          url: count === 1 ? link.deal(Number(deal.id)) : followedUrl(type, id, name),
          groupKey: window ? window.key : prefix + stamp(now),
          deal: { status: deal.status, ownerId: deal.user_id === null ? null : Number(deal.user_id) },
          ...(window ? { gather: { count } } : {}),
        };
      });
      await notify(db, trx, drafts, nowIso);
    }
  }
}

async function sourceName(trx: Tx, type: FollowType, id: number): Promise<string | null> {
  if (type === 'store') return (await trx.selectFrom('stores').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
  if (type === 'category') return (await trx.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
  return (await trx.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst())?.username ?? null;
}

/** The lifecycle's subscriber (features/index.ts): a deal going live tells its followers, in the activation's transaction. */
export function subscribeFollowNotifications(deps: Pick<AppDeps, 'db' | 'events'>): void {
  deps.events.inTransaction('deal.activated', async (change, trx) => {
    // A new deal: created live, or approved. A deal reinstated after expiring is not news.
    const was = change.before?.status ?? null;
    if (change.after && (was === null || was === 'pending' || was === 'rejected')) await notifyFollowers(deps.db, trx, change.after, change.at);
  });
}
