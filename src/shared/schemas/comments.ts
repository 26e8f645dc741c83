import { z } from 'zod';
import { idSchema } from './common.js';

export const COMMENT_MAX = 2000;
/** Issue 17: a reply must answer a top-level comment of the same deal (one level of replies). */
export const REPLY_INVALID = 'You can only reply to a comment on this deal';
export const OWN_COMMENT_LIKE = 'You cannot like your own comment';
/** What a deleted top-level comment kept for its replies shows instead of its text and author. */
export const DELETED_COMMENT_TEXT = '[deleted]';

export const commentCreateSchema = z.object({
  dealId: idSchema,
  text: z
    .string({ error: 'Comment cannot be empty' })
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX, 'Comment must be at most 2000 characters'),
  /** The top-level comment of the same deal this one replies to; absent or null for a top-level comment. */
  parentId: z.union([idSchema, z.null()], { error: REPLY_INVALID }).optional(),
});
