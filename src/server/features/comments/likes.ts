import { type CommentLikeResult, OWN_COMMENT_LIKE } from '../../../shared/schemas/comments.js';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { COMMENT_NOT_FOUND, lockComment } from './queries.js';


/**
 * Comment likes (issue 17): one per member per comment, never on one's own, only on comments shown on a public deal.
 * Both calls are idempotent: liking twice or unliking what one does not like changes nothing and answers the state.
 * comments.like_count moves in the same transaction, under the comment's row lock.
 */
export async function likeComment(db: Db, user: UserRow, commentId: number): Promise<CommentLikeResult> {
  return setLike(db, user, commentId, true);
}

export async function unlikeComment(db: Db, user: UserRow, commentId: number): Promise<CommentLikeResult> {
  return setLike(db, user, commentId, false);
}

async function setLike(db: Db, user: UserRow, commentId: number, like: boolean): Promise<CommentLikeResult> {
  return db.kysely.transaction().execute(async (trx) => {
    const comment = await lockComment(trx, db.dialect, commentId);
    if (!comment || comment.deleted_at !== null) throw notFound(COMMENT_NOT_FOUND);
    const deal = await trx.selectFrom('deals').select('status').where('id', '=', comment.deal_id).executeTakeFirst();
    if (!deal || (deal.status !== 'active' && deal.status !== 'expired')) throw notFound(COMMENT_NOT_FOUND);
    if (like && comment.user_id === user.id) throw badRequest(OWN_COMMENT_LIKE);

    let likeCount = Number(comment.like_count);
    if (like) {
      const added = await trx
        .insertInto('comment_likes')
        .values({ comment_id: commentId, user_id: user.id, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .returning('comment_id')
        .executeTakeFirst();
      if (added) likeCount += 1;
    } else {
      const removed = await trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).where('user_id', '=', user.id).returning('comment_id').executeTakeFirst();
      if (removed) likeCount -= 1;
    }
    if (likeCount !== Number(comment.like_count)) {
      const delta = likeCount - Number(comment.like_count);
      await trx.updateTable('comments').set((eb) => ({ like_count: eb('like_count', '+', delta) })).where('id', '=', commentId).execute();
    }
    return { commentId, likeCount, likedByMe: like };
  });
}
