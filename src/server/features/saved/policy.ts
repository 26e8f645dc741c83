import { isStaff } from '../../../shared/domain/access/roles.js';
import type { UserRow } from '../../db/schema.js';
import { assertCanView } from '../deals/index.js';

/**
 * Saving follows seeing (shared/domain/access/permissions.ts canViewDeal): only a deal the member may see can be saved, and
 * a saved deal stays listed while they may still see it (a deal sent back to review stays visible to its owner and
 * the team).
 */

/** 404 or 403 as for reading the deal (deals/policy.ts assertCanView). */
export function assertMaySave(user: UserRow, deal: { status: string; user_id: number | null } | undefined): void {
  assertCanView(user, deal);
}

/** The team sees every deal, so every saved one; a member sees public deals and their own (queries.ts filters so). */
export const seesEverySavedDeal = (user: UserRow): boolean => isStaff(user);
