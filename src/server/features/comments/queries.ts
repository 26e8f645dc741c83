import type { Comment, UserCommentsPage } from '../../../shared/schemas/deals/comments.js';
import type { Db } from '../../db/connection.js';
import { readPage } from '../../db/reads/paging.js';
import type { UserRow } from '../../db/schema.js';
import { mentionedUsernames } from '../../../shared/domain/members/notifications.js';
import { assertCanView } from '../deals/index.js';
import { mentionedMembers } from '../members/index.js';
import { presentComment, presentUserComment } from './presenter.js';

const COMMENT_COLUMNS = [
  'c.id',
  'c.deal_id',
  'c.user_id',
  'c.text',
  'c.created_at',
  'c.parent_id',
  'c.like_count',
  'c.deleted_at',
  'c.edited_at',
  'u.username',
  'u.avatar',
] as const;

/**
 * A deal's comments, oldest first (index comments(deal_id, id)), for whoever may see the deal (SPEC §8: pending deals
 * only for the owner and the team). Replies carry their parent's id; signed-in callers get likedByMe, from one query
 * for the whole deal.
 */
export async function listComments(db: Db, viewer: UserRow | null, dealId: number): Promise<Comment[]> {
  const deal = await db.kysely.selectFrom('deals').select(['status', 'user_id']).where('id', '=', dealId).executeTakeFirst();
  assertCanView(viewer, deal);
  const [rows, liked] = await Promise.all([
    db.kysely
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      // The author's stored badges (reputation feature), shown beside their name.
      .leftJoin('member_reputation as r', 'r.user_id', 'c.user_id')
      .select([...COMMENT_COLUMNS, 'r.badges as user_badges'])
      .where('c.deal_id', '=', dealId)
      .orderBy('c.id', 'asc')
      .execute(),
    viewer ? likedOnDeal(db, viewer.id, dealId) : Promise.resolve(null),
  ]);
  // Mentions of existing members, for the web to link (one lookup for the whole deal; unknown names stay text).
  const named = rows.map((r) => (r.deleted_at === null ? mentionedUsernames(r.text) : []));
  const members = new Map((await mentionedMembers(db.kysely, [...new Set(named.flat())])).map((m) => [m.username.toLowerCase(), m.username]));
  return rows.map((r, i) =>
    presentComment(
      r,
      liked ? liked.has(Number(r.id)) : undefined,
      named[i].flatMap((k) => members.get(k) ?? []),
    ),
  );
}

/** Ids of the comments of one deal that a member likes: the deal's comments, each probed in comment_likes' key. */
async function likedOnDeal(db: Db, userId: number, dealId: number): Promise<Set<number>> {
  const rows = await db.kysely
    .selectFrom('comments as c')
    .innerJoin('comment_likes as l', (j) => j.onRef('l.comment_id', '=', 'c.id').on('l.user_id', '=', userId))
    .select('c.id')
    .where('c.deal_id', '=', dealId)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** GET /comments/user/me: the caller's comments, newest first, with what the page shows of each deal. */
export async function userComments(db: Db, userId: number, page: number, pageSize: number): Promise<UserCommentsPage> {
  const { rows, totalCount, totalPages } = await readPage(
    db.kysely
      .selectFrom('comments as c')
      .innerJoin('deals as d', 'd.id', 'c.deal_id')
      .leftJoin('users as o', 'o.id', 'd.user_id')
      .leftJoin('categories as cat', 'cat.id', 'd.category_id')
      .select([
        'c.id',
        'c.deal_id',
        'c.text',
        'c.created_at',
        'd.title as deal_title',
        'd.thumbnail_url',
        'd.image_url',
        'o.username as owner_username',
        'd.price_pence',
        'd.original_price_pence',
        'cat.name as category_name',
      ])
      .where('c.user_id', '=', userId)
      .where('c.deleted_at', 'is', null)
      .orderBy('c.id', 'desc'),
    db.kysely.selectFrom('comments').where('user_id', '=', userId).where('deleted_at', 'is', null),
    page,
    pageSize,
  );
  return { data: rows.map(presentUserComment), pagination: { page, pageSize, totalCount, totalPages } };
}
