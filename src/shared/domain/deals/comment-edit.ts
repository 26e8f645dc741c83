/**
 * Editing one's own comment (docs/notes/posting.md): its author may change it for a short while after posting, and it
 * is then shown "edited". The team deletes comments but does not rewrite members' words (SPEC §6). The server's
 * policy and the web's Edit button use this one rule.
 */
import { isOwner, type Who } from '../access/roles.js';

export const COMMENT_EDIT_MINUTES = 15;
export const COMMENT_EDIT_MS = COMMENT_EDIT_MINUTES * 60 * 1000;

/** May `who` edit a comment by `authorId` posted at `createdAt` (ISO)? Its author, within the window, if it is not deleted. */
export function canEditComment(who: Who, comment: { authorId: number | null | undefined; createdAt: string; deleted?: boolean }, now = Date.now()): boolean {
  if (!isOwner(who, comment.authorId) || comment.deleted) return false;
  const at = Date.parse(comment.createdAt);
  return Number.isFinite(at) && now - at <= COMMENT_EDIT_MS;
}

export const COMMENT_EDIT_CLOSED = `Comments can be edited for ${COMMENT_EDIT_MINUTES} minutes after posting`;
