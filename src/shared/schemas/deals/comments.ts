import { z } from 'zod';
import { COMMENT_MAX } from '../../domain/constants.js';
import { idSchema } from '../common.js';

/** Comments on a deal, one level of replies, and likes (SPEC §4, docs/notes/community.md): requests and replies. */

/** A reply must answer a top-level comment of the same deal (one level of replies). */
export const REPLY_INVALID = 'You can only reply to a comment on this deal';
export const OWN_COMMENT_LIKE = 'You cannot like your own comment';

export const commentCreateSchema = z.object({
  dealId: idSchema,
  text: z
    .string({ error: 'Comment cannot be empty' })
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`),
  /** The top-level comment of the same deal this one replies to; absent or null for a top-level comment. */
  parentId: z.union([idSchema, z.null()], { error: REPLY_INVALID }).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Replies

export const commentSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  /** Null only for a deleted top-level comment kept for its replies (isDeleted). */
  userId: z.number().int().nullable(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  /** The top-level comment this one answers (one level of replies), else null. */
  parentId: z.number().int().nullable(),
  likeCount: z.number().int(),
  /** Signed-in callers only: whether they like this comment. */
  likedByMe: z.boolean().optional(),
  /** The existing members the text names with `@username` (the web links those names; others stay text). */
  mentions: z.array(z.string()).optional(),
  /** The author's badges as they read ("Hot Poster": shared/domain/members/reputation.ts BADGES labels), when they have any. */
  userBadges: z.array(z.string()).optional(),
  /** A top-level comment deleted while it had replies: text and username are DELETED_COMMENT_TEXT, no author. */
  isDeleted: z.boolean(),
  /** When its author last changed the text (shown "edited"), else null (docs/notes/posting.md). */
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

/** PUT /comments/{id}: its author's new text, within the edit window (shared/domain/deals/comment-edit.ts). */
export const commentEditSchema = commentCreateSchema.pick({ text: true });

/** GET /comments/{dealId}: the deal's comments, replies after their parent. */
export const commentListSchema = z.array(commentSchema);

/** One line of "My comments" (GET /comments/user/me). */
export const userCommentItemSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  dealTitle: z.string(),
  text: z.string(),
  /** 'YYYY-MM-DD HH:MM:SS' in UTC, as SPEC §2 My comments describes. */
  createdAt: z.string(),
  thumbnailUrl: z.string().nullable(),
  dealOwnerUsername: z.string().nullable(),
  price: z.number().nullable(),
  originalPrice: z.number().nullable(),
  categoryName: z.string().nullable(),
});
export type UserCommentItem = z.infer<typeof userCommentItemSchema>;

export const paginationSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), totalCount: z.number().int(), totalPages: z.number().int() });
export type Pagination = z.infer<typeof paginationSchema>;

/** GET /comments/user/me: SPEC §7's `{ data, pagination }` inside the envelope's data. */
export const userCommentsPageSchema = z.object({ data: z.array(userCommentItemSchema), pagination: paginationSchema });
export type UserCommentsPage = z.infer<typeof userCommentsPageSchema>;

/** POST and DELETE /comments/{id}/like. */
export const commentLikeResultSchema = z.object({ commentId: z.number().int(), likeCount: z.number().int(), likedByMe: z.boolean() });
export type CommentLikeResult = z.infer<typeof commentLikeResultSchema>;
