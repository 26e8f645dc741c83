import { PENDING_DEAL_MESSAGE } from '../../../shared/domain/constants.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { isAdmin, isModerator } from '../../plugins/auth.js';

export const DEAL_NOT_FOUND = 'Deal not found';

interface DealAccessRow {
  status: string;
  user_id: number | null;
}

/** Owner, moderator or admin (SPEC §6: edit and delete own deals; moderators and admins any). */
export function canManageDeal(user: UserRow | null, deal: DealAccessRow): boolean {
  return !!user && (user.id === deal.user_id || isModerator(user));
}

/** A deal's status (activation above all) is an admin's decision on every route (SPEC §6). */
export function mayChangeStatus(user: UserRow | null): boolean {
  return isAdmin(user);
}

/**
 * Active and expired deals are public. Pending ones are seen by their owner and the team only; anyone else is told
 * the deal is pending (SPEC §8 Fetch deal). Rejected and deleted deals simply do not exist for the public.
 */
export function assertCanView(user: UserRow | null, deal: DealAccessRow | undefined): asserts deal is DealAccessRow {
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  if (deal.status === 'active' || deal.status === 'expired') return;
  if (canManageDeal(user, deal)) return;
  if (deal.status === 'pending') throw new HttpError(403, PENDING_DEAL_MESSAGE, { isPendingDeal: true });
  throw notFound(DEAL_NOT_FOUND);
}

/** Open for votes and comments: status active and not past its expiry. */
export function isOpen(deal: { status: string; expires_at: string | null }, now = Date.now()): boolean {
  if (deal.status !== 'active') return false;
  return !deal.expires_at || Date.parse(deal.expires_at) > now;
}
