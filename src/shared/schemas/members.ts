import { z } from 'zod';
import { dealSchema } from './deals.js';
import { roleSchema } from './users.js';

/** A member's public page (docs/notes/community.md): GET /members/{username}. Never the email. */

/** Any text: a name that cannot exist is simply not found (404), never a validation error. */
export const memberParamsSchema = z.object({ username: z.string().max(200) });

export const memberCountsSchema = z.object({
  /** Public deals the member posted (active and expired). */
  dealsPosted: z.number().int(),
  /** Of those, the live ones. */
  activeDeals: z.number().int(),
  /** Comments on public deals (deleted ones not counted). */
  comments: z.number().int(),
});
export type MemberCounts = z.infer<typeof memberCountsSchema>;

export const memberProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  bio: z.string().nullable(),
  /** When the account was created (ISO-8601 UTC). */
  memberSince: z.string(),
  counts: memberCountsSchema,
  /** The member's live deals, newest first (at most MEMBER_DEALS_LIMIT), as browse presents them (userVote/isSaved when signed in). */
  deals: z.array(dealSchema),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
