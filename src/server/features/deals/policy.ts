import { PENDING_DEAL_MESSAGE } from '../../../shared/domain/constants.js';
import { isLive, isPublicStatus } from '../../../shared/domain/deals/deal-visibility.js';
import { canChangeDealStatus, canManageDeal, canViewDeal } from '../../../shared/domain/access/permissions.js';
import { isOwner, isStaff } from '../../../shared/domain/access/roles.js';
import type { UserRow } from '../../db/schema.js';
import { assertTeamPower } from '../../plugins/auth.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';

/**
 * Who may do what with a deal on the server: the shared rules (shared/domain/access/permissions.ts, the web's too) applied
 * to deal rows, with the answers the API gives when they say no.
 */

export const DEAL_NOT_FOUND = 'Deal not found';

interface DealAccessRow {
  status: string;
  user_id: number | null;
}

/** Owner, moderator or admin (SPEC §6: edit and delete own deals; moderators and admins any). */
export const mayManageDeal = (user: UserRow | null, deal: Pick<DealAccessRow, 'user_id'>): boolean => canManageDeal(user, deal.user_id);

/** Owner or the team, else 403 saying what was refused. */
export function assertMayManage(user: UserRow, deal: Pick<DealAccessRow, 'user_id'>, verb: 'edit' | 'delete'): void {
  if (!mayManageDeal(user, deal)) throw forbidden(`You can only ${verb} your own deals`);
  if (!isOwner(user, deal.user_id)) assertTeamPower(user);
}

/** A deal's status (activation above all) is an admin's decision on every route (SPEC §6). */
export const mayChangeStatus = (user: UserRow | null): boolean => canChangeDealStatus(user);

/** A status asked for on a member route: the administrators' decision (two-factor first when the site asks it of staff). */
export function chosenStatus<S extends string>(user: UserRow, asked: S | null | undefined): S | null {
  if (!asked || !mayChangeStatus(user)) return null;
  assertTeamPower(user);
  return asked;
}

/** A team member's edit of someone else's deal: logged in the moderation log. */
export const isTeamEdit = (user: UserRow, ownerId: number | null): boolean => isStaff(user) && !isOwner(user, ownerId);

/**
 * Active and expired deals are public. Pending ones are seen by their owner and the team only; anyone else is told
 * the deal is pending (SPEC §8 Fetch deal). Rejected and deleted deals simply do not exist for the public.
 */
export function assertCanView(user: UserRow | null, deal: DealAccessRow | undefined): asserts deal is DealAccessRow {
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  if (canViewDeal(user, { status: deal.status, ownerId: deal.user_id })) return;
  if (deal.status === 'pending') throw new HttpError(403, PENDING_DEAL_MESSAGE, { isPendingDeal: true });
  throw notFound(DEAL_NOT_FOUND);
}

/**
 * A deal members act on (votes, comments, reports): one the public sees, else 404 for everyone, the owner and the team
 * included (those actions belong to the public life of a deal).
 */
export function assertPublicDeal<T extends { status: string }>(deal: T | undefined, message = DEAL_NOT_FOUND): asserts deal is T {
  if (!deal || !isPublicStatus(deal.status)) throw notFound(message);
}

/** Live (active, not past its expiry date), else 403 with the action's own words (SPEC §4: votes; comments; reports). */
export function assertLive(deal: { status: string; expires_at: string | null }, message: string, now = Date.now()): void {
  if (!isLive(deal.status, deal.expires_at, now)) throw forbidden(message);
}
