import type { Transaction } from 'kysely';
import type { Comment, CommentLikeResult } from '../../../shared/schemas/deals/comments.js';
import { isPublicStatus } from '../../../shared/domain/deals/deal-visibility.js';
import { REPLY_INVALID } from '../../../shared/schemas/deals/comments.js';
import type { Db, Dialect } from '../../db/connection.js';
import type { Database, UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { countComment } from '../deals/index.js';
import { logModeration } from '../moderation/index.js';
import { notifyCommentLiked, notifyNewComment } from '../notifications/index.js';
import { memberCommentFactsMoved } from '../reputation/index.js';
import { assertMayComment, assertMayDelete, assertMayEdit, assertMayLike, assertShown, COMMENT_NOT_FOUND, isTeamRemoval } from './policy.js';
import { listComments } from './queries.js';
import { presentComment } from './presenter.js';

type Tx = Transaction<Database>;

/**
 * One comment's row, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a time): replies,
 * likes and deletes of the same comment take their turns, so a reply never lands under a comment being removed.
 */
function lockComment(trx: Tx, dialect: Dialect, id: number) {
  const q = trx.selectFrom('comments').select(['id', 'deal_id', 'user_id', 'text', 'parent_id', 'deleted_at', 'like_count', 'created_at']).where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/**
 * Adds a comment, or a reply to a top-level comment of the same deal (one level only), and keeps deals.comment_count
 * exact in the same transaction (the deal lifecycle's counters module).
 */
export async function addComment(db: Db, user: UserRow, dealId: number, text: string, parentId: number | null = null): Promise<Comment> {
  const createdAt = new Date().toISOString();
  const id = await db.kysely.transaction().execute(async (trx) => {
    const deal = await trx.selectFrom('deals').select(['id', 'title', 'status', 'expires_at', 'user_id']).where('id', '=', dealId).executeTakeFirst();
    assertMayComment(deal);
    let parentAuthorId: number | null = null;
    if (parentId !== null) {
      const parent = await lockComment(trx, db.dialect, parentId);
      if (!parent || Number(parent.deal_id) !== dealId || parent.parent_id !== null || parent.deleted_at !== null) throw badRequest(REPLY_INVALID, 'parentId');
      parentAuthorId = Number(parent.user_id);
    }
    const row = await trx
      .insertInto('comments')
      .values({ deal_id: dealId, user_id: user.id, text, created_at: createdAt, parent_id: parentId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await countComment(trx, dealId, 1);
    await notifyNewComment(db, trx, { id: Number(row.id), text, author: user, parentAuthorId, deal: { ...deal, id: dealId } });
    // Comments are only posted on public deals (assertMayComment): one more shown in the author's record.
    await memberCommentFactsMoved(trx, user.id, { comments: 1 });
    return Number(row.id);
  });
  return presentComment(
    {
      id,
      deal_id: dealId,
      user_id: user.id,
      text,
      created_at: createdAt,
      username: user.username,
      avatar: user.avatar,
      edited_at: null,
      parent_id: parentId,
      like_count: 0,
      deleted_at: null,
    },
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
    assertShown(comment);
    assertMayDelete(user, comment);
    const nowIso = new Date().toISOString();

    if (comment.parent_id === null && (await hasReplies(trx, commentId))) {
      await trx.deleteFrom('comment_likes').where('comment_id', '=', commentId).execute();
      await trx.updateTable('comments').set({ text: '', deleted_at: nowIso, like_count: 0 }).where('id', '=', commentId).execute();
    } else {
      await trx.deleteFrom('comments').where('id', '=', commentId).execute();
      if (comment.parent_id !== null) await dropEmptyPlaceholder(trx, Number(comment.parent_id));
    }
    await countComment(trx, Number(comment.deal_id), -1);
    // The record counts comments shown on public deals, and their likes: a removed one takes both with it.
    // The deal's status for the record, its title for the moderation log: one read.
    const deal = await trx.selectFrom('deals').select(['status', 'title']).where('id', '=', comment.deal_id).executeTakeFirst();
    if (deal && isPublicStatus(deal.status))
      await memberCommentFactsMoved(trx, Number(comment.user_id), { comments: -1, likesReceived: -Number(comment.like_count) });
    if (isTeamRemoval(user, comment)) {
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

/**
 * Its author changes a comment's text within the edit window (docs/notes/posting.md); it is then shown "edited". The
 * deal must still be one the author could comment on. Mentions are not raised again: the first text raised them.
 */
export async function editComment(db: Db, user: UserRow, commentId: number, text: string): Promise<Comment> {
  const id = await db.kysely.transaction().execute(async (trx) => {
    const comment = await lockComment(trx, db.dialect, commentId);
    assertShown(comment);
    assertMayEdit(user, comment);
    if (comment.text !== text) {
      await trx.updateTable('comments').set({ text, edited_at: new Date().toISOString() }).where('id', '=', commentId).execute();
    }
    return Number(comment.deal_id);
  });
  const list = await listComments(db, user, id);
  const shown = list.find((c) => c.id === commentId);
  if (!shown) throw notFound(COMMENT_NOT_FOUND);
  return shown;
}

async function hasReplies(trx: Tx, commentId: number): Promise<boolean> {
  return !!(await trx.selectFrom('comments').select('id').where('parent_id', '=', commentId).limit(1).executeTakeFirst());
}

/** A "[deleted]" placeholder is kept only while it has replies. */
async function dropEmptyPlaceholder(trx: Tx, parentId: number): Promise<void> {
  const parent = await trx.selectFrom('comments').select('deleted_at').where('id', '=', parentId).executeTakeFirst();
  if (parent?.deleted_at != null && !(await hasReplies(trx, parentId))) await trx.deleteFrom('comments').where('id', '=', parentId).execute();
}

/**
 * Comment likes (notes/community.md): one per member per comment, never on one's own, only on comments shown on a public deal.
 * Both calls are idempotent: liking twice or unliking what one does not like changes nothing and answers the state.
 * comments.like_count moves in the same transaction, under the comment's row lock.
 */
/** A like's answer, and the deal whose comment it was (the read cache ages that deal's answers: soft-writes.ts). */
export type LikeOutcome = CommentLikeResult & { dealId: number };

export async function likeComment(db: Db, user: UserRow, commentId: number): Promise<LikeOutcome> {
  return setLike(db, user, commentId, true);
}

export async function unlikeComment(db: Db, user: UserRow, commentId: number): Promise<LikeOutcome> {
  return setLike(db, user, commentId, false);
}

async function setLike(db: Db, user: UserRow, commentId: number, like: boolean): Promise<LikeOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const comment = await lockComment(trx, db.dialect, commentId);
    assertShown(comment);
    const deal = await trx.selectFrom('deals').select(['id', 'title', 'status', 'user_id']).where('id', '=', comment.deal_id).executeTakeFirst();
    assertMayLike(user, comment, deal, like);

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
      const removed = await trx
        .deleteFrom('comment_likes')
        .where('comment_id', '=', commentId)
        .where('user_id', '=', user.id)
        .returning('comment_id')
        .executeTakeFirst();
      if (removed) likeCount -= 1;
    }
    if (likeCount !== Number(comment.like_count)) {
      const delta = likeCount - Number(comment.like_count);
      await trx
        .updateTable('comments')
        .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
        .where('id', '=', commentId)
        .execute();
      // A new like raises the comment's gathered notification (an unlike leaves it as it is).
      // Likes received are the author's record (Helpful).
      await memberCommentFactsMoved(trx, Number(comment.user_id), { likesReceived: delta });
      if (like && deal)
        await notifyCommentLiked(db, trx, { commentId, authorId: Number(comment.user_id), liker: user, likeCount, deal: { ...deal, id: Number(deal.id) } });
    }
    return { commentId, likeCount, likedByMe: like, dealId: Number(comment.deal_id) };
  });
}
