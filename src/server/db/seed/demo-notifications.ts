import { HOT_THRESHOLDS, notificationText as say, notificationUrl as link } from '../../../shared/domain/members/notifications.js';
import type { Db } from '../connection.js';

const DAY = 86_400_000;
/** Demo members' inboxes stay a believable size: their newest this many. */
const PER_MEMBER = 40;

interface Row {
  user_id: number;
  type: string;
  actor_id: number | null;
  deal_id: number;
  comment_id: number | null;
  text: string;
  url: string;
  count: number;
  group_key: string;
  created_at: string;
  read_at: string | null;
}

/**
 * The notifications the demo's conversations and votes would have raised (docs/notes/notifications.md), written from the
 * seeded rows with the same sentences and keys the live code uses: replies, comments on members' deals, gathered likes,
 * temperature thresholds and approvals. Anything older than two days is read; the newest 40 per member are kept, and a
 * few demo members get a preference changed.
 */
export async function seedDemoNotifications(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const users = new Map((await k.selectFrom('users').select(['id', 'username']).execute()).map((u) => [Number(u.id), u.username]));
  const deals = new Map(
    (await k.selectFrom('deals').select(['id', 'title', 'user_id', 'status', 'temperature', 'published_at']).execute()).map((d) => [Number(d.id), d]),
  );
  const comments = await k.selectFrom('comments').select(['id', 'deal_id', 'user_id', 'parent_id', 'created_at', 'like_count']).execute();
  const byId = new Map(comments.map((c) => [Number(c.id), c]));
  const lastLike = new Map(
    (await k.selectFrom('comment_likes').select(['comment_id', 'user_id', 'created_at']).orderBy('created_at', 'desc').execute()).map((l) => [
      Number(l.comment_id),
      l,
    ]),
  );
  const rows: Row[] = [];
  const readAt = (at: string) => (now - Date.parse(at) > 2 * DAY ? new Date(Date.parse(at) + DAY).toISOString() : null);
  const add = (r: Omit<Row, 'read_at' | 'count'> & { count?: number }) => {
    if (r.actor_id !== null && r.actor_id === r.user_id) return;
    rows.push({ count: 1, ...r, read_at: readAt(r.created_at) });
  };
  for (const c of comments) {
    const deal = deals.get(Number(c.deal_id));
    const actor = users.get(Number(c.user_id));
    if (!deal || !actor) continue;
    const dealId = Number(c.deal_id);
    const at = c.created_at;
    const base = { actor_id: Number(c.user_id), deal_id: dealId, comment_id: Number(c.id), url: link.comment(dealId, Number(c.id)), created_at: at };
    const parent = c.parent_id === null ? undefined : byId.get(Number(c.parent_id));
    if (parent)
      add({ ...base, user_id: Number(parent.user_id), type: 'comment.reply', text: say.reply(actor, deal.title), group_key: `comment.reply:${c.id}` });
    else if (deal.user_id !== null)
      add({ ...base, user_id: Number(deal.user_id), type: 'deal.comment', text: say.dealComment(actor, deal.title), group_key: `deal.comment:${c.id}` });
    const like = lastLike.get(Number(c.id));
    const liker = like && users.get(Number(like.user_id));
    if (like && liker && Number(c.like_count) > 0)
      add({
        ...base,
        actor_id: Number(like.user_id),
        user_id: Number(c.user_id),
        type: 'comment.liked',
        text: say.liked(liker, Number(c.like_count)),
        count: Number(c.like_count),
        group_key: `comment.liked:${c.id}`,
        created_at: like.created_at,
      });
  }
  for (const [id, d] of deals) {
    if (d.user_id === null || d.status === 'pending') continue;
    const posted = Date.parse(d.published_at);
    const about = { user_id: Number(d.user_id), deal_id: id, comment_id: null, url: link.deal(id) };
    add({
      ...about,
      actor_id: 1,
      type: 'deal.approved',
      text: say.approved(d.title),
      group_key: `deal.approved:${id}:${d.published_at}`,
      created_at: d.published_at,
    });
    for (const t of HOT_THRESHOLDS.filter((t) => t <= d.temperature))
      add({
        ...about,
        actor_id: null,
        type: 'deal.hot',
        text: say.hot(d.title, t),
        group_key: `deal.hot:${id}:${t}`,
        created_at: new Date(Math.min(now, posted + (t / 10) * 3_600_000)).toISOString(),
      });
  }
  const perMember = new Map<number, Row[]>();
  for (const r of rows) perMember.set(r.user_id, [...(perMember.get(r.user_id) ?? []), r]);
  const kept = [...perMember.values()].flatMap((list) => list.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, PER_MEMBER));
  for (let i = 0; i < kept.length; i += 500)
    await k
      .insertInto('notifications')
      .values(kept.slice(i, i + 500))
      .execute();

  // Two demo members have made choices: one wants every like mailed, one no mail about comments on their deals.
  const prefs = [...perMember.keys()].slice(0, 2);
  const at = new Date(now).toISOString();
  if (prefs[0])
    await k.insertInto('notification_preferences').values({ user_id: prefs[0], type: 'comment.liked', in_app: 1, email: 1, push: 0, updated_at: at }).execute();
  if (prefs[1])
    await k.insertInto('notification_preferences').values({ user_id: prefs[1], type: 'deal.comment', in_app: 0, email: 0, push: 0, updated_at: at }).execute();
}
