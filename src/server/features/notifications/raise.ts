import { sql } from 'kysely';
import { hotThresholdsCrossed, mentionedUsernames, notificationText as say, notificationUrl as link } from '../../../shared/domain/members/notifications.js';
import type { AppDeps } from '../../deps.js';
import type { Db } from '../../db/connection.js';
import type { DealRow } from '../../db/schema.js';
import type { DealChange, Tx } from '../deals/index.js';
import { type NotificationDraft, notify } from './commands.js';
import { recipientsOf } from './queries.js';

/**
 * Every cause of a notification, one function each, called in the cause's own transaction (docs/notes/notifications.md
 * "Who is told what"): comments (replies, comments on one's deal, mentions), comment likes (gathered), temperature
 * thresholds, the team's decisions on a deal (the lifecycle's events), instant alert matches and price drops on saved
 * products. The shared rules (never self, never a hidden deal, never twice, preferences) are notify's.
 */

interface DealFacts {
  id: number;
  title: string;
  status: string;
  user_id: number | null;
}
const dealRef = (deal: DealFacts) => ({ status: deal.status, ownerId: deal.user_id });
/** The fields of a notification about a deal as a whole (no comment), linking to its page. */
const aboutDeal = (deal: DealFacts, actorId: number | null = null) => ({
  actorId,
  dealId: deal.id,
  commentId: null,
  url: link.deal(deal.id),
  deal: dealRef(deal),
});

/** A new comment or reply: its parent's author hears of a reply, mentioned members of a mention, the deal's poster of a comment; each member once. */
export async function notifyNewComment(
  db: Db,
  trx: Tx,
  c: { id: number; text: string; author: { id: number; username: string }; parentAuthorId: number | null; deal: DealFacts },
): Promise<void> {
  const base = { actorId: c.author.id, dealId: c.deal.id, commentId: c.id, url: link.comment(c.deal.id, c.id), deal: dealRef(c.deal) };
  const drafts: NotificationDraft[] = [];
  if (c.parentAuthorId !== null) {
    drafts.push({
      ...base,
      userId: c.parentAuthorId,
      type: 'comment.reply',
      text: say.reply(c.author.username, c.deal.title),
      groupKey: `comment.reply:${c.id}`,
    });
  }
  // The parent's author, the poster and the named members in one read (a mention costs no statement of its own).
  const names = mentionedUsernames(c.text);
  const byId = [c.parentAuthorId, c.deal.user_id].filter((id): id is number => id !== null);
  const recipients = await recipientsOf(trx, byId, names);
  const named = new Set(names);
  for (const m of recipients.values()) {
    // Named, and a member with a public page (verified), as the comment list links them.
    if (!named.has(m.usernameKey) || m.email_verified_at === null) continue;
    drafts.push({ ...base, userId: m.id, type: 'mention', text: say.mention(c.author.username, c.deal.title), groupKey: `mention:${c.id}` });
  }
  if (c.deal.user_id !== null) {
    drafts.push({
      ...base,
      userId: c.deal.user_id,
      type: 'deal.comment',
      text: say.dealComment(c.author.username, c.deal.title),
      groupKey: `deal.comment:${c.id}`,
    });
  }
  // One notification per member per comment, the most specific: a reply (even on your own deal, or naming you), then a
  // mention (even on your own deal), then a comment on your deal.
  const told = new Set<number>();
  const once = drafts.filter((d) => d.userId !== c.author.id && !told.has(d.userId) && told.add(d.userId));
  await notify(db, trx, once, undefined, recipients);
}

/** A new like: the comment's one gathered notification, raised again with the latest liker and the count. */
export async function notifyCommentLiked(
  db: Db,
  trx: Tx,
  like: { commentId: number; authorId: number; liker: { id: number; username: string }; likeCount: number; deal: DealFacts },
): Promise<void> {
  await notify(db, trx, [
    {
      userId: like.authorId,
      type: 'comment.liked',
      actorId: like.liker.id,
      dealId: like.deal.id,
      commentId: like.commentId,
      text: say.liked(like.liker.username, like.likeCount),
      url: link.comment(like.deal.id, like.commentId),
      groupKey: `comment.liked:${like.commentId}`,
      deal: dealRef(like.deal),
      gather: { count: like.likeCount },
    },
  ]);
}

/** A deal's temperature rose from `from` to `to` (a vote, or half votes becoming whole): its poster hears of each threshold once. */
export async function notifyDealHot(db: Db, trx: Tx, dealId: number, from: number, to: number): Promise<void> {
  const crossed = hotThresholdsCrossed(from, to);
  if (crossed.length === 0) return;
  const deal = await trx.selectFrom('deals').select(['id', 'title', 'status', 'user_id']).where('id', '=', dealId).executeTakeFirst();
  if (!deal || deal.user_id === null) return;
  const d = { ...deal, id: Number(deal.id), user_id: Number(deal.user_id) };
  await notify(
    db,
    trx,
    crossed.map((t) => ({ ...aboutDeal(d), userId: d.user_id, type: 'deal.hot' as const, text: say.hot(d.title, t), groupKey: `deal.hot:${d.id}:${t}` })),
  );
}

/** The team's decisions on a deal, told to its poster, from the lifecycle's change (before and after rows). */
function dealDecision(change: DealChange): NotificationDraft | null {
  const before = change.before;
  const after = change.after;
  const deal = after ?? before;
  if (!deal || deal.user_id === null) return null;
  const at = change.at;
  const reason = change.audit?.reason ?? null;
  const d: DealRow = deal;
  const common = {
    userId: Number(d.user_id),
    actorId: change.actor?.id ?? null,
    dealId: change.dealId,
    commentId: null,
    url: link.deal(change.dealId),
    deal: { status: d.status, ownerId: Number(d.user_id) },
  };
  const key = (type: string) => `${type}:${change.dealId}:${at}`;
  const team = change.origin === 'admin';
  if (!after) {
    return team
      ? { ...common, type: 'deal.deleted', text: say.deleted(d.title, reason), url: link.myDeals(), groupKey: key('deal.deleted'), deal: null }
      : null;
  }
  const was = before?.status ?? null;
  if (after.status === 'active' && (was === 'pending' || was === 'rejected') && change.events.includes('deal.activated')) {
    return { ...common, type: 'deal.approved', text: say.approved(after.title), groupKey: key('deal.approved') };
  }
  if (after.status === 'rejected' && was !== 'rejected' && was !== null) {
    return { ...common, type: 'deal.rejected', text: say.rejected(after.title, reason), groupKey: key('deal.rejected') };
  }
  if (change.events.includes('deal.expired') && (team || change.origin === 'reports')) {
    return { ...common, type: 'deal.expired', text: say.expired(after.title, change.origin === 'reports'), groupKey: key('deal.expired') };
  }
  if (after.status === 'deleted' && was !== 'deleted' && was !== null && team) {
    return { ...common, type: 'deal.deleted', text: say.deleted(after.title, reason), url: link.myDeals(), groupKey: key('deal.deleted') };
  }
  if (change.audit?.action === 'ai-title' && before && before.title !== after.title) {
    return { ...common, type: 'deal.edited', text: say.retitled(before.title, after.title), groupKey: key('deal.retitled') };
  }
  if (team && change.audit?.action === 'edit' && was !== null) {
    return { ...common, type: 'deal.edited', text: say.edited(after.title), groupKey: key('deal.edited') };
  }
  return null;
}

/**
 * The lifecycle's subscribers (features/index.ts): the poster hears of the team's decisions, and members who saved
 * another deal for the same product hear when it goes live cheaper, both in the change's transaction.
 */
export function subscribeDealNotifications(deps: Pick<AppDeps, 'db' | 'events'>): void {
  deps.events.inTransaction('*', async (change, trx) => {
    const draft = dealDecision(change);
    if (!draft) return;
    // The tidy of a title follows the approval: the approval's notice says it too, so the poster reads both together.
    if (draft.groupKey.startsWith('deal.retitled:') && (await addToApproval(trx, draft))) return;
    await notify(deps.db, trx, [draft], change.at);
  });
  deps.events.inTransaction('deal.activated', async (change, trx) => {
    if (change.after) await notifyPriceDrop(deps.db, trx, change.after, change.at);
  });
}

/** Appends the title's tidy to the poster's unread approval notice of the same deal; false when there is none. */
async function addToApproval(trx: Tx, draft: NotificationDraft): Promise<boolean> {
  const approval = await trx
    .selectFrom('notifications')
    .select(['id', 'text'])
    .where('user_id', '=', draft.userId)
    .where('type', '=', 'deal.approved')
    .where('deal_id', '=', draft.dealId)
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!approval) return false;
  await trx
    .updateTable('notifications')
    .set({ text: `${approval.text}. ${draft.text}`.slice(0, 400) })
    .where('id', '=', approval.id)
    .execute();
  return true;
}

/** A deal gone live for a product members saved at a higher price (another deal with the same product key). */
async function notifyPriceDrop(db: Db, trx: Tx, deal: DealRow, nowIso: string): Promise<void> {
  if (deal.product_key === null || deal.price_pence === null) return;
  const savers = await trx
    .selectFrom('deals as d')
    .innerJoin('saved_deals as s', 's.deal_id', 'd.id')
    .select(['s.user_id', sql<number>`min(d.price_pence)`.as('saved_pence')])
    .where('d.product_key', '=', deal.product_key)
    .where('d.id', '<>', deal.id)
    .where('d.price_pence', '>', deal.price_pence)
    .groupBy('s.user_id')
    .limit(5000)
    .execute();
  if (savers.length === 0) return;
  const store = deal.store_id === null ? null : await trx.selectFrom('stores').select('name').where('id', '=', deal.store_id).executeTakeFirst();
  const price = deal.price_pence;
  await notify(
    db,
    trx,
    savers.map((s) => ({
      ...aboutDeal(deal, deal.user_id),
      userId: Number(s.user_id),
      type: 'saved.price_drop' as const,
      text: say.priceDrop(price, store?.name ?? null, Number(s.saved_pence)),
      groupKey: `saved.price_drop:${deal.id}`,
    })),
    nowIso,
  );
}

/** Instant alert matches: an in-app copy of each match's mail (alerts/matching calls this with the fresh matches). */
export async function notifyAlertMatches(
  db: Db,
  trx: Tx,
  deal: DealFacts,
  alerts: Array<{ id: number; userId: number; query: string }>,
  nowIso: string,
): Promise<void> {
  await notify(
    db,
    trx,
    alerts.map((a) => ({
      ...aboutDeal(deal),
      userId: a.userId,
      type: 'alert.match' as const,
      text: say.alertMatch(a.query, deal.title),
      groupKey: `alert.match:${a.id}:${deal.id}`,
    })),
    nowIso,
  );
}
