import type { Transaction } from 'kysely';
import { type Comment, REPLY_INVALID, type UserCommentsPage } from '../../../shared/schemas/comments.js';
import type { Db, Dialect } from '../../db/connection.js';
import type { Database, UserRow } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { isModerator } from '../../plugins/auth.js';
import { assertCanView, DEAL_NOT_FOUND, isOpen } from '../deals/index.js';
import { logModeration } from '../moderation/index.js';
import { presentComment, presentUserComment } from './presenter.js';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const COMMENTS_CLOSED = 'You can only comment on active deals';

type Tx = Transaction<Database>;

const COMMENT_COLUMNS = ['c.id', 'c.deal_id', 'c.user_id', 'c.text', 'c.created_at', 'c.parent_id', 'c.like_count', 'c.deleted_at', 'u.username', 'u.avatar'] as const;

/**
 * One comment's row, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a time): replies,
 * likes and deletes of the same comment take their turns, so a reply never lands under a comment being removed.
 */
export function lockComment(trx: Tx, dialect: Dialect, id: number) {
  const q = trx.selectFrom('comments').select(['id', 'deal_id', 'user_id', 'text', 'parent_id', 'deleted_at', 'like_count']).where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

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
      .select([...COMMENT_COLUMNS])
      .where('c.deal_id', '=', dealId)
      .orderBy('c.id', 'asc')
      .execute(),
    viewer ? likedOnDeal(db, viewer.id, dealId) : Promise.resolve(null),
  ]);
  return rows.map((r) => presentComment(r, liked ? liked.has(Number(r.id)) : undefined));
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

/**
 * Adds a comment, or a reply to a top-level comment of the same deal (one level only), and keeps deals.comment_count
 * exact in the same transaction.
 */
export async function addComment(db: Db, user: UserRow, dealId: number, text: string, parentId: number | null = null): Promise<Comment> {
  const createdAt = new Date().toISOString();
  const id = await db.kysely.transaction().execute(async (trx) => {
    const deal = await trx.selectFrom('deals').select(['status', 'expires_at', 'user_id']).where('id', '=', dealId).executeTakeFirst();
    if (!deal || (deal.status !== 'active' && deal.status !== 'expired')) throw notFound(DEAL_NOT_FOUND);
    if (!isOpen(deal)) throw new HttpError(403, COMMENTS_CLOSED);
    if (parentId !== null) {
      const parent = await lockComment(trx, db.dialect, parentId);
      if (!parent || Number(parent.deal_id) !== dealId || parent.parent_id !== null || parent.deleted_at !== null) throw badRequest(REPLY_INVALID, 'parentId');
    }
    const row = await trx
      .insertInto('comments')
      .values({ deal_id: dealId, user_id: user.id, text, created_at: createdAt, parent_id: parentId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('deals').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', dealId).execute();
    return Number(row.id);
  });
  return presentComment(
    { id, deal_id: dealId, user_id: user.id, text, created_at: createdAt, username: user.username, avatar: user.avatar, parent_id: parentId, like_count: 0, deleted_at: null },
    false,
  );
}

/**
 * Own comments, or any for moderators and admins (logged when not their own). A top-level comment that has replies
 * stays as a "[deleted]" placeholder (text emptied, likes gone) so the replies keep their context; otherwise the row
 * goes, and a placeholder whose last reply goes goes with it. deals.comment_count counts the comments still shown.
 */
export async function removeComment(db: Db, user: UserRow, commentId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const peek = await trx.selectFrom('comments').select('parent_id').where('id', '=', commentId).executeTakeFirst();
    // Parent before reply, the order every writer locks in.
    if (peek?.parent_id != null) await lockComment(trx, db.dialect, Number(peek.parent_id));
    const comment = await lockComment(trx, db.dialect, commentId);
    if (!comment || comment.deleted_at !== null) throw notFound(COMMENT_NOT_FOUND);
    const own = comment.user_id === user.id;
    if (!own && !isModerator(user)) throw forbidden('You can only delete your own comments');
    const nowIso = new Date().toISOString();

    if (comment.parent_id === null && (await hasReplies(trx, commentId))) {
      await trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).execute();
      await trx.updateTable('comments').set({ text: '', deleted_at: nowIso, like_count: 0 }).where('id', '=', commentId).execute();
    } else {
      await trx.deleteFrom('comments').where('id', '=', commentId).execute();
      if (comment.parent_id !== null) await dropEmptyPlaceholder(trx, Number(comment.parent_id));
    }
    await trx.updateTable('deals').set((eb) => ({ comment_count: eb('comment_count', '-', 1) })).where('id', '=', comment.deal_id).execute();
    if (!own) {
      const deal = await trx.selectFrom('deals').select('title').where('id', '=', comment.deal_id).executeTakeFirst();
      await logModeration(trx, {
        actorId: user.id,
        action: 'comment-remove',
        entityType: 'comment',
        entityId: commentId,
        entityTitle: deal?.title ?? null,
        before: { text: comment.text, userId: comment.user_id, dealId: comment.deal_id },
      });
    }
  });
}

async function hasReplies(trx: Tx, commentId: number): Promise<boolean> {
  return !!(await trx.selectFrom('comments').select('id').where('parent_id', '=', commentId).limit(1).executeTakeFirst());
}

/** A "[deleted]" placeholder is kept only while it has replies. */
async function dropEmptyPlaceholder(trx: Tx, parentId: number): Promise<void> {
  const parent = await trx.selectFrom('comments').select('deleted_at').where('id', '=', parentId).executeTakeFirst();
  if (parent?.deleted_at != null && !(await hasReplies(trx, parentId))) await trx.deleteFrom('comments').where('id', '=', parentId).execute();
}

/** GET /comments/user/me: the caller's comments, newest first, with what the page shows of each deal. */
export async function userComments(db: Db, userId: number, page: number, pageSize: number): Promise<UserCommentsPage> {
  const [rows, total] = await Promise.all([
    db.kysely
      .selectFrom('comments as c')
      .innerJoin('deals as d', 'd.id', 'c.deal_id')
      .leftJoin('users as o', 'o.id', 'd.user_id')
      .leftJoin('categories as cat', 'cat.id', 'd.category_id')
      .select([
        'c.id', 'c.deal_id', 'c.text', 'c.created_at', 'd.title as deal_title', 'd.thumbnail_url', 'd.image_url', 'o.username as owner_username',
        'd.price_pence', 'd.original_price_pence', 'cat.name as category_name',
      ])
      .where('c.user_id', '=', userId)
      .where('c.deleted_at', 'is', null)
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db.kysely.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(total.n);
  return {
    data: rows.map(presentUserComment),
    pagination: { page, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) },
  };
}
