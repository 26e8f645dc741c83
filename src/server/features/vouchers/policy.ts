import { isAdmin, isOwner, isStaff } from '../../../shared/domain/access/roles.js';
import { answerRefusal } from '../../../shared/domain/shops/vouchers.js';
import { VOUCHER_MESSAGES } from '../../../shared/schemas/catalog/vouchers.js';
import type { UserRow, VoucherRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';

/**
 * Who may do what with vouchers (docs/notes/vouchers-follows.md): everyone reads live ones; a pending, rejected or
 * deleted voucher exists only for its poster and the team (404 to anyone else). Members post (pending); the team posts
 * live and alone marks a voucher exclusive. Administrators approve and reject (beside deals); the team works reports.
 */
export const postsLive = (user: UserRow): boolean => isStaff(user);
export const mayApproveVouchers = (user: UserRow): boolean => isAdmin(user);
export const mayWorkVoucherReports = (user: UserRow): boolean => isStaff(user);

const PUBLIC = new Set(['active', 'expired']);

export function assertMaySee(user: UserRow | null | undefined, voucher: VoucherRow | undefined): asserts voucher is VoucherRow {
  if (!voucher) throw notFound(VOUCHER_MESSAGES.notFound);
  if (PUBLIC.has(voucher.status)) return;
  if (isStaff(user) || isOwner(user, voucher.user_id)) return;
  throw notFound(VOUCHER_MESSAGES.notFound);
}

export function assertMayAnswer(user: UserRow, voucher: VoucherRow, now: number): void {
  const refusal = answerRefusal({ status: voucher.status, expiresAt: voucher.expires_at, userId: voucher.user_id }, user.id, now);
  if (refusal === 'own') throw forbidden(VOUCHER_MESSAGES.ownAnswer);
  if (refusal === 'not-live') throw forbidden(VOUCHER_MESSAGES.notLive);
}

export function assertMayReport(user: UserRow, voucher: VoucherRow): void {
  if (isOwner(user, voucher.user_id)) throw forbidden(VOUCHER_MESSAGES.ownReport);
  if (voucher.status !== 'active') throw forbidden(VOUCHER_MESSAGES.notLive);
}

/** The poster removes their own; the team any. */
export const mayDelete = (user: UserRow, voucher: VoucherRow): boolean => isStaff(user) || isOwner(user, voucher.user_id);
