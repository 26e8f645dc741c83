import { z } from 'zod';
import { BADGE_IDS } from '../../domain/members/reputation.js';
import { dealSchema } from '../deals/deals.js';
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

/** The member's record from public facts (docs/notes/vouchers-follows.md), stored by the reputation job and events. */
export const memberRecordSchema = z.object({
  dealsPosted: z.number().int(),
  /** Public deals at 100° or more. */
  hotDeals: z.number().int(),
  /** hotDeals / dealsPosted, 0..1. */
  hotShare: z.number(),
  comments: z.number().int(),
  likesReceived: z.number().int(),
  vouchersPosted: z.number().int(),
  /** Mean success rate of their answered vouchers, 0..1, or null. */
  voucherSuccess: z.number().nullable(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

export const memberProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: roleSchema,
  bio: z.string().nullable(),
  /** When the account was created (ISO-8601 UTC). */
  memberSince: z.string(),
  counts: memberCountsSchema,
  record: memberRecordSchema,
  badges: z.array(z.enum(BADGE_IDS)),
  /** The member's live deals, newest first (at most MEMBER_DEALS_LIMIT), as browse presents them (userVote/isSaved when signed in). */
  deals: z.array(dealSchema),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
