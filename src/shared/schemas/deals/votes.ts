import { z } from 'zod';
import { idSchema, limitSchema, memberRefSchema, pageCountFields, pageSchema } from '../common.js';
import { moderationReasonSchema } from '../admin/moderation-log.js';

/**
 * Votes (SPEC §4): a member's one vote on a deal, and the team's view of a deal's votes in the admin edit deal "Votes"
 * panel (docs/notes/trust.md). The refusals a member meets are in shared/domain/constants.ts, where the deal page and
 * the cards read them too.
 */

// ---------------------------------------------------------------------------------------------------------------
// POST /votes

export const voteSchema = z.object({
  dealId: idSchema,
  voteType: z.union([z.literal(1), z.literal(-1), z.literal('1').transform(() => 1 as const), z.literal('-1').transform(() => -1 as const)], {
    error: 'voteType must be 1 or -1',
  }),
});

const voteResultFields = {
  totalVotes: z.number(),
  voteType: z.union([z.literal(1), z.literal(-1)]),
  upvotes: z.number(),
  downvotes: z.number(),
};
/** The deal's counters after the vote (SPEC §4: the page sets its temperature to totalVotes). */
export const voteResultSchema = z.object(voteResultFields);
export type VoteResult = z.infer<typeof voteResultSchema>;
/** POST /votes: the result and the weight this vote counts for now (0.5 while the voter's account is younger than 24 h). */
export const voteReplySchema = z.object({ ...voteResultFields, weight: z.union([z.literal(1), z.literal(0.5)]) });
export type VoteReply = z.infer<typeof voteReplySchema>;

export const NETWORK_VOTE_LIMIT = 'Too many votes on this deal from your network';

// ---------------------------------------------------------------------------------------------------------------
// A deal's votes (admin edit deal "Votes" panel): GET /admin/deals/{id}/votes, POST /admin/deals/{id}/votes/void

export const DEAL_VOTES_DEFAULT_LIMIT = 100;
export const DEAL_VOTES_MAX_LIMIT = 500;
export const dealVotesQuerySchema = z.object({ page: pageSchema, limit: limitSchema(DEAL_VOTES_DEFAULT_LIMIT, DEAL_VOTES_MAX_LIMIT) });

export const VOID_MAX = 500;
export const voteVoidSchema = z.object({
  voteIds: z
    .array(idSchema, { error: 'voteIds must be a list of vote ids' })
    .min(1, 'Choose at least one vote to void')
    .max(VOID_MAX, `At most ${VOID_MAX} votes can be voided at once`)
    .transform((ids) => [...new Set(ids)]),
  reason: moderationReasonSchema,
});
export type VoteVoidInput = z.infer<typeof voteVoidSchema>;

export const NO_SUCH_VOTES = 'None of these votes belong to this deal';

/** One vote in the panel; the network hash itself never leaves the server. */
export const dealVoteItemSchema = z.object({
  id: z.number().int(),
  voter: memberRefSchema,
  direction: z.enum(['up', 'down']),
  /** Whole hours; null for votes cast before the age was recorded. */
  accountAgeHours: z.number().int().nullable(),
  /** 1 or 0.5 now (0.5 while the voter's account is younger than 24 h). */
  weight: z.number(),
  /** How many votes on this deal came from the same network (this one included); null when the network is unknown. */
  networkClusterSize: z.number().int().nullable(),
  /** Votes of one network share a number (1 = the largest cluster) so the panel can group them; null when unknown. */
  networkGroup: z.number().int().nullable(),
  createdAt: z.string(),
});
export type DealVoteItem = z.infer<typeof dealVoteItemSchema>;

/** A deal's vote counters as the panel shows them, read again after a void. */
const dealCounterFields = { dealId: z.number().int(), upvotes: z.number(), downvotes: z.number(), temperature: z.number() };

/** GET /admin/deals/{id}/votes */
export const dealVotesPageSchema = z.object({
  ...dealCounterFields,
  votes: z.array(dealVoteItemSchema),
  limit: z.number().int(),
  ...pageCountFields,
});
export type DealVotesPage = z.infer<typeof dealVotesPageSchema>;

/** POST /admin/deals/{id}/votes/void: the deal's counters after the void. */
export const votesVoidedSchema = z.object({ ...dealCounterFields, voided: z.number().int() });
export type VotesVoided = z.infer<typeof votesVoidedSchema>;
