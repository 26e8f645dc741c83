import { NETWORK_VOTE_LIMIT, NO_SUCH_VOTES, type VoteReply, type VotesVoided } from '../../../shared/schemas/deals/votes.js';
import { accountAgeHours, NEW_ACCOUNT_MS } from '../../../shared/domain/members/trust.js';
import { compiledOnce } from '../../db/statements/compiled-once.js';
import { invalidateVoteCounts } from '../../db/reads/count-cache.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { type Actor, countVote, editDeal, type LifecycleDeps, voteCounterColumns } from '../deals/index.js';
import { matchWarmerDeal } from '../alerts/index.js';
import { notifyDealHot } from '../notifications/index.js';
import { dealTemperatureMoved } from '../reputation/index.js';
import { networkHash } from './network.js';
import { ALREADY_VOTED } from '../../../shared/domain/constants.js';
import { assertMayVote } from './policy.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// A vote's own statements, built once (db/statements/compiled-once.ts): they run on every vote.
const lockedDeal = compiledOnce((db, dealId: number) =>
  db.kysely
    .selectFrom('deals')
    .select(['id', 'user_id', 'status', 'expires_at', 'published_at', 'temperature', 'upvotes', 'downvotes', 'half_vote_balance'])
    .where('id', '=', dealId)
    .$if(db.dialect === 'postgres', (qb) => qb.forUpdate()),
);

const insertVote = compiledOnce(
  (
    db,
    dealId: number,
    userId: number,
    voteType: 1 | -1,
    createdAt: string,
    accountAgeHours: number,
    networkHash: string | null,
    halfWeightUntil: string | null,
  ) =>
    db.kysely
      .insertInto('votes')
      .values({
        deal_id: dealId,
        user_id: userId,
        vote_type: voteType,
        created_at: createdAt,
        account_age_hours: accountAgeHours,
        network_hash: networkHash,
        half_weight_until: halfWeightUntil,
      })
      // An earlier vote of the member is found here (the unique deal and member): nothing inserted, no row answered.
      .onConflict((oc) => oc.columns(['deal_id', 'user_id']).doNothing())
      .returning('id'),
);

/** The vote reply, with the weight this vote counts for now (0.5 while the voter's account is younger than 24 h). */
export type CastVoteResult = VoteReply & { weight: 1 | 0.5 };

/**
 * One vote per member per deal, never changed (SPEC §4), from verified members only (the auth plugin refuses any write
 * of an unverified account). The vote keeps the voter's account age and a keyed hash of their network; at
 * most VOTES_PER_NETWORK votes on one deal come from one network in 24 h (429); a vote of an account younger than 24 h
 * counts half until the account is a day old (half_weight_until, see promotion.ts). The vote row, the counters (the
 * deal lifecycle's counters module), the
 * temperature and the stored hot score change in one transaction with the deal row locked, so concurrent votes never
 * lose each other and the network count is exact.
 */
export async function castVote(deps: Pick<AppDeps, 'db' | 'config'>, user: UserRow, dealId: number, voteType: 1 | -1, ip?: string): Promise<VoteReply> {
  const { db, config } = deps;
  const now = Date.now();
  const created = Date.parse(user.created_at);
  const halfUntil = now - created < NEW_ACCOUNT_MS ? new Date(created + NEW_ACCOUNT_MS).toISOString() : null;
  const network = networkHash(config.trust.networkSecret, ip);
  const limit = config.trust.votesPerNetwork;

  const result = await db.kysely.transaction().execute(async (trx) => {
    const runner = { dialect: db.dialect, kysely: trx };
    const [deal] = await lockedDeal(runner, dealId);
    assertMayVote(user, deal, now);
    // An earlier vote is found by the insert below (the unique deal and member), one round trip fewer than asking
    // first; only a refusal for the network asks, so that a member who voted already still hears so.
    const votedAlready = async () =>
      (await trx.selectFrom('votes').select('id').where('deal_id', '=', dealId).where('user_id', '=', user.id).executeTakeFirst()) !== undefined;
    if (network !== null && limit > 0) {
      const recent = await trx
        .selectFrom('votes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deal_id', '=', dealId)
        .where('network_hash', '=', network)
        .where('created_at', '>=', new Date(now - DAY_MS).toISOString())
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= limit) throw (await votedAlready()) ? conflict(ALREADY_VOTED) : new HttpError(429, NETWORK_VOTE_LIMIT);
    }
    const [inserted] = await insertVote(
      runner,
      dealId,
      user.id,
      voteType,
      new Date(now).toISOString(),
      accountAgeHours(user.created_at, now),
      network,
      halfUntil,
    );
    if (!inserted) throw conflict(ALREADY_VOTED);
    const counters = await countVote(runner, deal, voteType, halfUntil !== null);
    // Alerts waiting for this temperature match now, in the vote's transaction.
    if (voteType === 1) {
      await matchWarmerDeal(db, trx, dealId, counters.temperature);
      await notifyDealHot(db, trx, dealId, Number(deal.temperature), counters.temperature);
    }
    await dealTemperatureMoved(trx, dealId, Number(deal.temperature), counters.temperature);
    return {
      totalVotes: counters.temperature,
      voteType,
      upvotes: counters.upvotes,
      downvotes: counters.downvotes,
      weight: halfUntil ? (0.5 as const) : (1 as const),
    };
  });
  invalidateVoteCounts(db);
  return result;
}

/**
 * POST /admin/deals/{id}/votes/void: removes the chosen votes of one deal and works its upvotes, downvotes, temperature
 * and hot score out again from the votes that remain, in one lifecycle change (backup 'votes-void', event
 * deal.updated, moderation-log entry 'votes-void' with the count and the reason). Ids of other deals' votes are ignored;
 * none of this deal's: 404.
 */
export async function voidVotes(deps: LifecycleDeps, actor: Actor, dealId: number, voteIds: number[], reason: string | null): Promise<VotesVoided> {
  let voided = 0;
  const result = await editDeal(deps, {
    id: dealId,
    actor,
    origin: 'admin',
    columns: async (before, trx) => {
      const removed = await trx.deleteFrom('votes').where('deal_id', '=', dealId).where('id', 'in', voteIds).returning('id').execute();
      if (removed.length === 0) throw notFound(NO_SUCH_VOTES);
      voided = removed.length;
      return voteCounterColumns(trx, before);
    },
    backup: 'votes-void',
    audit: (_before, _after, diff) => ({ action: 'votes-void', reason, before: diff.before, after: { ...diff.after, votesVoided: voided } }),
  });
  invalidateVoteCounts(deps.db);
  const d = result.after;
  return { dealId, voided, upvotes: d.upvotes, downvotes: d.downvotes, temperature: d.temperature };
}
