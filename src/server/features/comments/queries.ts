import type { Comment, UserCommentsPage } from '../../../shared/api.js';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import { isModerator } from '../../plugins/auth.js';
import { logModeration } from '../admin/moderation-log.js';
import { DEAL_NOT_FOUND, isOpen } from '../deals/policy.js';
import { presentComment, presentUserComment } from './presenter.js';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const COMMENTS_CLOSED = 'You can only comment on active deals';

/** A deal's comments, oldest first, with each author's name and avatar (index comments(deal_id, id)). */
export async function listComments(db: Db, dealId: number): Promise<Comment[]> {
  const rows = await db.kysely
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.deal_id', 'c.user_id', 'c.text', 'c.created_at', 'u.username', 'u.avatar'])
    .where('c.deal_id', '=', dealId)
    .orderBy('c.id', 'asc')
    .execute();
  return rows.map(presentComment);
}

/** Adds a comment and keeps deals.comment_count exact in the same transaction. */
export async function addComment(db: Db, user: UserRow, dealId: number, text: string): Promise<Comment> {
  const createdAt = new Date().toISOString();
  const id = await db.kysely.transaction().execute(async (trx) => {
    const deal = await trx.selectFrom('deals').select(['status', 'expires_at', 'user_id']).where('id', '=', dealId).executeTakeFirst();
    if (!deal || (deal.status !== 'active' && deal.status !== 'expired')) throw notFound(DEAL_NOT_FOUND);
    if (!isOpen(deal)) throw new HttpError(403, COMMENTS_CLOSED);
    const row = await trx
      .insertInto('comments')
      .values({ deal_id: dealId, user_id: user.id, text, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('deals').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', dealId).execute();
    return Number(row.id);
  });
  return presentComment({ id, deal_id: dealId, user_id: user.id, text, created_at: createdAt, username: user.username, avatar: user.avatar });
}

/** Own comments, or any for moderators and admins (logged when not their own). */
export async function removeComment(db: Db, user: UserRow, commentId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const comment = await trx
      .selectFrom('comments as c')
      .leftJoin('deals as d', 'd.id', 'c.deal_id')
      .select(['c.id', 'c.user_id', 'c.deal_id', 'c.text', 'd.title'])
      .where('c.id', '=', commentId)
      .executeTakeFirst();
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    const own = comment.user_id === user.id;
    if (!own && !isModerator(user)) throw forbidden('You can only delete your own comments');
    const deleted = await trx.deleteFrom('comments').where('id', '=', commentId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return;
    await trx.updateTable('deals').set((eb) => ({ comment_count: eb('comment_count', '-', 1) })).where('id', '=', comment.deal_id).execute();
    if (!own) {
      await logModeration(trx, {
        actorId: user.id,
        action: 'comment-remove',
        entityType: 'comment',
        entityId: commentId,
        entityTitle: comment.title ?? null,
        before: { text: comment.text, userId: comment.user_id, dealId: comment.deal_id },
      });
    }
  });
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
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db.kysely.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(total.n);
  return {
    data: rows.map(presentUserComment),
    pagination: { page, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) },
  };
}
