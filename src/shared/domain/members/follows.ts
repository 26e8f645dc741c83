/**
 * Follows (docs/notes/vouchers-follows.md): what a member may follow, how many, and how follow.deal notifications are
 * gathered. Pure: no Node or DOM APIs.
 */

export const FOLLOW_TYPES = ['store', 'category', 'member'] as const;
export type FollowType = (typeof FOLLOW_TYPES)[number];

/** A member follows at most this many shops, categories and members together. */
export const MAX_FOLLOWS = 500;

/** New deals from one followed thing within this long of the first are one notification. */
export const FOLLOW_GATHER_MS = 60 * 60_000;

/** When a deal comes from several things a member follows, the notification names the first of these. */
export const FOLLOW_PRIORITY: readonly FollowType[] = ['member', 'store', 'category'];

/** Why a follow is refused before looking anything up (null: it may go ahead). */
export function followRefusal(type: FollowType, targetId: number, memberId: number, following: number): 'self' | 'limit' | null {
  if (type === 'member' && targetId === memberId) return 'self';
  if (following >= MAX_FOLLOWS) return 'limit';
  return null;
}

/** Where a followed thing's page is. */
export function followedUrl(type: FollowType, id: number, name: string): string {
  if (type === 'store') return `/stores/${id}`;
  if (type === 'category') return `/dealsBrowse?category=${id}`;
  return `/members/${encodeURIComponent(name)}`;
}
