/** Follows (docs/notes/vouchers-follows.md): requests with their messages, and the replies. */
import { z } from 'zod';
import { FOLLOW_TYPES, MAX_FOLLOWS } from '../../domain/members/follows.js';
import { idSchema, lower } from '../common.js';

export const FOLLOW_MESSAGES = {
  login: 'Please log in to follow',
  type: 'type must be store, category or member',
  self: 'You cannot follow yourself',
  limit: `You can follow at most ${MAX_FOLLOWS} shops, categories and members`,
  notFound: { store: 'Store not found', category: 'Category not found', member: 'Member not found' },
  followingLogin: 'Please log in to see deals from what you follow',
} as const;

const followTypeSchema = z.preprocess(lower, z.enum(FOLLOW_TYPES, { error: FOLLOW_MESSAGES.type }));

/** POST /follows */
export const followInputSchema = z.object({ type: followTypeSchema, id: idSchema });
export type FollowInput = z.infer<typeof followInputSchema>;

/** DELETE /follows/{type}/{id} */
export const followParamsSchema = z.object({ type: followTypeSchema, id: idSchema });

export const followStateSchema = z.object({ type: z.enum(FOLLOW_TYPES), id: z.number().int(), following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

/** GET /follows: what the member follows, newest first, with names and links for the Following page. */
export const followItemSchema = z.object({
  type: z.enum(FOLLOW_TYPES),
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  followedAt: z.string(),
});
export type FollowItem = z.infer<typeof followItemSchema>;
export const followListSchema = z.object({ items: z.array(followItemSchema), total: z.number().int(), max: z.number().int() });
export type FollowList = z.infer<typeof followListSchema>;

/** GET /follows/ids: the ids per type, for the Follow buttons. */
export const followIdsSchema = z.object({ store: z.array(z.number().int()), category: z.array(z.number().int()), member: z.array(z.number().int()) });
export type FollowIds = z.infer<typeof followIdsSchema>;
