import { z } from 'zod';
import { idSchema } from './common.js';

export const COMMENT_MAX = 2000;
export const commentCreateSchema = z.object({
  dealId: idSchema,
  text: z
    .string({ error: 'Comment cannot be empty' })
    .trim()
    .min(1, 'Comment cannot be empty')
    .max(COMMENT_MAX, 'Comment must be at most 2000 characters'),
});
