import { OWN_DEAL_VOTE, VOTE_NOT_OPEN } from '../../../shared/domain/constants.js';
import { isOwner, isStaff } from '../../../shared/domain/access/roles.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { assertLive, assertPublicDeal } from '../deals/index.js';

/**
 * Who may vote, and who may see and void votes (SPEC §4, notes/trust.md). The deal page's vote buttons ask the same shared
 * rule (shared/domain/access/permissions.ts canVoteOn) before sending.
 */

interface VotableDeal {
  status: string;
  user_id: number | null;
  expires_at: string | null;
}

/** A public deal (404 otherwise), someone else's (403), live (403): canVoteOn, each part with its own answer. */
export function assertMayVote<T extends VotableDeal>(user: UserRow, deal: T | undefined, now = Date.now()): asserts deal is T {
  assertPublicDeal(deal);
  if (isOwner(user, deal.user_id)) throw forbidden(OWN_DEAL_VOTE);
  assertLive(deal, VOTE_NOT_OPEN, now);
}

/** A deal's votes (the admin edit deal "Votes" panel) are seen and voided by the team: moderating a deal (SPEC §6). */
export const mayModerateVotes = (user: UserRow): boolean => isStaff(user);
