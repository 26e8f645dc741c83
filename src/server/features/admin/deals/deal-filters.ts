import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AdminDealStatusFilter } from '../../../../shared/schemas/admin/admin-deals.js';

type DealsEb = ExpressionBuilder<Database & { d: Database['deals'] }, 'd'>;

/**
 * The admin status filters, one definition for the Deals Management list and the dashboard/sidebar counts so the
 * badges match the lists. A deal counts as expired when its status is expired or an active deal's expiry has passed
 * (SPEC §4); "all" is every status, deleted included, because the admin list is the only place a deleted deal shows.
 */
export function statusFilter(eb: DealsEb, status: AdminDealStatusFilter, nowIso: string) {
  switch (status) {
    case 'all':
      return eb.lit(true);
    case 'active':
      return eb.and([eb('d.status', '=', 'active'), eb.or([eb('d.expires_at', 'is', null), eb('d.expires_at', '>', nowIso)])]);
    case 'expired':
      return eb.or([eb('d.status', '=', 'expired'), eb.and([eb('d.status', '=', 'active'), eb('d.expires_at', '<=', nowIso)])]);
    default:
      return eb('d.status', '=', status);
  }
}
