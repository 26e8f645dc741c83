import { canDeleteComment, canLikeComment } from '../../../shared/domain/access/permissions.js';
import { canEditComment, COMMENT_EDIT_CLOSED } from '../../../shared/domain/deals/comment-edit.js';
import { isOwner } from '../../../shared/domain/access/roles.js';
import { OWN_COMMENT_LIKE } from '../../../shared/schemas/deals/comments.js';
import type { UserRow } from '../../db/schema.js';
import { assertTeamPower } from '../../plugins/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { assertLive, assertPublicDeal } from '../deals/index.js';

/**
 * Who may do what with comments (SPEC §6, notes/community.md), from the shared rules (shared/domain/access/permissions.ts) the deal
 * page's buttons use too.
 */

export const COMMENT_NOT_FOUND = 'Comment not found';
export const COMMENTS_CLOSED = 'You can only comment on active deals';
export const DELETE_OWN_ONLY = 'You can only delete your own comments';
export const EDIT_OWN_ONLY = 'You can only edit your own comments';

interface CommentAccess {
  user_id: number;
  deleted_at: string | null;
}

/** Comments are added to public deals that are live: 404 for any other, 403 once it has expired. */
export function assertMayComment<T extends { status: string; expires_at: string | null }>(deal: T | undefined): asserts deal is T {
  assertPublicDeal(deal);
  assertLive(deal, COMMENTS_CLOSED);
}

/** A comment shown (not a "[deleted]" placeholder), else 404. */
export function assertShown<T extends CommentAccess>(comment: T | undefined): asserts comment is T {
  if (!comment || comment.deleted_at !== null) throw notFound(COMMENT_NOT_FOUND);
}

/** Its author, or the team for any comment. */
export function assertMayDelete(user: UserRow, comment: CommentAccess): void {
  if (!canDeleteComment(user, comment.user_id)) throw forbidden(DELETE_OWN_ONLY);
  if (!isOwner(user, comment.user_id)) assertTeamPower(user);
}

/** Its author, within the edit window (shared/domain/deals/comment-edit.ts); the team deletes but does not rewrite. */
export function assertMayEdit(user: UserRow, comment: CommentAccess & { created_at: string }): void {
  if (!isOwner(user, comment.user_id)) throw forbidden(EDIT_OWN_ONLY);
  if (!canEditComment(user, { authorId: comment.user_id, createdAt: comment.created_at })) throw forbidden(COMMENT_EDIT_CLOSED);
}

/** The team's removal of someone else's comment goes to the moderation log. */
export const isTeamRemoval = (user: UserRow, comment: CommentAccess): boolean => !isOwner(user, comment.user_id);

/**
 * Likes: only on comments shown on a public deal (404 otherwise, as if the comment did not exist), never one's own.
 * Unliking one's own comment is allowed: it changes nothing and answers the state.
 */
export function assertMayLike(user: UserRow, comment: CommentAccess, deal: { status: string } | undefined, like: boolean): void {
  assertPublicDeal(deal, COMMENT_NOT_FOUND);
  if (like && !canLikeComment(user, comment.user_id)) throw badRequest(OWN_COMMENT_LIKE);
}
