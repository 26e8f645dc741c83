/**
 * Who may do what (SPEC §6), decided alike by the server's policies (features/<resource>/policy.ts) and the web's
 * guards and buttons. Each rule takes the signed-in account as `{ id, role }` (roles.ts; null or undefined: a visitor)
 * and what it needs of the deal or comment; a server row and an API object both fit. docs/ARCHITECTURE.md §5 "Roles".
 */
import { isLive, isPublicStatus } from '../deals/deal-visibility.js';
import { type Account, isAdmin, isOwner, isStaff, type Who } from './roles.js';

/**
 * The two seeded administrators (`admin` and `admin2`). They hold the admin role from the first start, the seed gives
 * it back should a database lose it, and no one can take it from them (mayHoldRole), so the spec's "admin = id 1 or 2"
 * holds while both sides decide by role alone.
 */
export const SEEDED_ADMIN_IDS: readonly number[] = [1, 2];
export const isSeededAdmin = (userId: number) => SEEDED_ADMIN_IDS.includes(userId);

/** Its owner, or the team for anyone's. */
const ownerOrTeam = (who: Who, ownerId: number | null | undefined): boolean => isOwner(who, ownerId) || isStaff(who);

/** Edit and delete a deal: its owner or the team (SPEC §6). */
export const canManageDeal = ownerOrTeam;

/** A deal's status (activation above all) is an administrator's decision on every route (SPEC §6). */
export const canChangeDealStatus = (who: Pick<Account, 'role'> | null | undefined): boolean => isAdmin(who);

/**
 * See a deal: everyone sees active and expired deals; pending, rejected and deleted ones only their owner and the
 * team (the server tells anyone else a pending deal is pending, and the rest do not exist).
 */
export const canViewDeal = (who: Who, deal: { status: string; ownerId: number | null | undefined }): boolean =>
  isPublicStatus(deal.status) || canManageDeal(who, deal.ownerId);

/** Delete a comment: its author, or the team for any comment (SPEC §6). */
export const canDeleteComment = ownerOrTeam;

/** Like a comment: any member, never their own (notes/community.md). */
export const canLikeComment = (who: Who, authorId: number | null | undefined): boolean => !!who && !isOwner(who, authorId);

/** What the vote and report rules read of a deal. */
export interface LiveDeal {
  ownerId: number | null | undefined;
  status: string;
  expiresAt: string | null | undefined;
}

/**
 * Vote on a deal: a member, on someone else's deal that is live (SPEC §4). The server answers each failing part with
 * its own message (votes/policy.ts); the web asks before sending.
 */
export const canVoteOn = (who: Who, deal: LiveDeal, now = Date.now()): boolean =>
  !!who && !isOwner(who, deal.ownerId) && isLive(deal.status, deal.expiresAt, now);

/** Report a deal (notes/trust.md): the vote rule, a member on someone else's live deal. */
export const canReportDeal = canVoteOn;

/** Read or change a profile: its owner, or an administrator. */
export const canManageProfile = (who: Who, userId: number): boolean => isOwner(who, userId) || isAdmin(who);

/** May this account be given this role? Anyone any role, except that the seeded administrators stay admins. */
export const mayHoldRole = (userId: number, role: string): boolean => role === 'admin' || !isSeededAdmin(userId);

/** A deal's own figures (views, clicks: docs/notes/analytics.md) are its poster's and the team's, never anyone else's. */
export const canSeeDealFigures = ownerOrTeam;

/**
 * How much of the site's analytics someone sees: administrators everything, moderators the deal-level figures
 * (outbound clicks, deal views, click-through rate, top deals), anyone else nothing.
 */
export const analyticsScope = (who: Pick<Account, 'role'> | null | undefined): 'all' | 'deals' | null => (isAdmin(who) ? 'all' : isStaff(who) ? 'deals' : null);
