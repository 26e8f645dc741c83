import { isOwner, isStaff } from '../../../shared/domain/access/roles.js';
import { REPORT_MESSAGES } from '../../../shared/schemas/admin/reports.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { assertLive, assertPublicDeal } from '../deals/index.js';

/**
 * Who may report a deal and who works the report queue (notes/trust.md). The deal page's Report button asks
 * the same shared rule (shared/domain/access/permissions.ts canReportDeal).
 */

interface ReportableDeal {
  status: string;
  user_id: number | null;
  expires_at: string | null;
}

/** A public deal (404 otherwise), someone else's (403), live (403). */
export function assertMayReport<T extends ReportableDeal>(user: UserRow, deal: T | undefined, now = Date.now()): asserts deal is T {
  assertPublicDeal(deal);
  if (isOwner(user, deal.user_id)) throw forbidden(REPORT_MESSAGES.ownDeal);
  assertLive(deal, REPORT_MESSAGES.notActive, now);
}

/** The report queue, and acting on it (dismiss, expire, soft-delete), is the team's: moderators and administrators. */
export const mayWorkReportQueue = (user: UserRow): boolean => isStaff(user);
