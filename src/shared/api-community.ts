/**
 * Response types of the community routes of issue 17 (docs/notes/community.md): store pages, member pages and
 * comment likes. The comment itself (with parentId, likeCount, likedByMe) is `Comment` in ./api.ts.
 */
import type { Deal } from './api.js';
import type { Role } from './schemas/users.js';

/** GET /api/stores/{id}. Deals of the store: GET /api/deals?store={id}&status=all (active first, then expired). */
export interface StoreDetail {
  id: number;
  name: string;
  url: string | null;
  logoUrl: string | null;
  /** Live deals: status active and not past their expiry date (the number GET /api/stores calls dealsCount). */
  activeDeals: number;
  /** Public deals, active and expired; never pending, rejected or deleted ones. */
  totalDeals: number;
}

export interface MemberCounts {
  /** Public deals the member posted (active and expired). */
  dealsPosted: number;
  /** Of those, the live ones. */
  activeDeals: number;
  /** Comments on public deals (deleted ones not counted). */
  comments: number;
}

/** GET /api/members/{username}: a member's public page. Never the email. */
export interface MemberProfile {
  id: number;
  username: string;
  avatar: string | null;
  role: Role;
  bio: string | null;
  /** When the account was created (ISO-8601 UTC). */
  memberSince: string;
  counts: MemberCounts;
  /** The member's live deals, newest first (at most MEMBER_DEALS_LIMIT), as browse presents them (userVote/isSaved when signed in). */
  deals: Deal[];
}

/** POST and DELETE /api/comments/{id}/like. */
export interface CommentLikeResult {
  commentId: number;
  likeCount: number;
  likedByMe: boolean;
}
