import { sql } from 'kysely';
import { hotScore, TRENDING_WINDOW_MS } from '../../../../shared/domain/deals/temperature.js';
import { weightedTemperature } from '../../../../shared/domain/members/trust.js';
import { compiledOnce, type Runner } from '../../../db/statements/compiled-once.js';
import type { Db } from '../../../db/connection.js';
import type { Tx } from './change.js';

/**
 * The counter columns of a deal: upvotes, downvotes, half_vote_balance, temperature, hot_score (the votes), recent_votes
 * (the trending window) and comment_count. This module is the only code that writes them (docs/ARCHITECTURE.md §6
 * "The deal lifecycle"), apart from voiding votes, a moderator's edit that goes through editDeal with the columns
 * worked out here (voteCounterColumns).
 *
 * The contract: relative updates (`x = x + 1`) in the caller's transaction, so concurrent votes and comments never lose
 * one another, and nothing else. No lock of its own (a vote locks the deal row first, as the lifecycle does), no
 * backup, no DealChange and so no events: a counter moves on every vote and comment, a hot path, and is not a change
 * of the deal anyone answers for. A backup per vote would bury the real ones, the events' subscribers (moderation
 * log, price points, reports, caches of the deal lists and counts) care about what a deal says, not how warm it is,
 * and invalidating every cached list on each vote would empty the read cache under load. What depends on counters is
 * told by the caller after its commit: the vote-sensitive counts (`invalidateVoteCounts`), alerts waiting for a
 * temperature (`alerts/matchWarmerDeal`, in the vote's transaction).
 */

/** The vote counters a deal's temperature is worked out from. */
export interface VoteCounters {
  upvotes: number;
  downvotes: number;
  half_vote_balance: number;
}

/** The temperature and the stored hot score that follow from a deal's counters (shared/domain/members/trust.ts). */
export function temperatureColumns(counters: VoteCounters, publishedAt: string) {
  const temperature = weightedTemperature(Number(counters.upvotes), Number(counters.downvotes), Number(counters.half_vote_balance));
  return { temperature, hot_score: hotScore(temperature, Date.parse(publishedAt)) };
}

const numbers = (row: VoteCounters): VoteCounters => ({
  upvotes: Number(row.upvotes),
  downvotes: Number(row.downvotes),
  half_vote_balance: Number(row.half_vote_balance),
});

/** Writes the temperature and hot score that follow from the counters just written; answers both. */
async function settleTemperature(trx: Tx, dealId: number, counters: VoteCounters, publishedAt: string) {
  const cols = temperatureColumns(counters, publishedAt);
  await trx.updateTable('deals').set(cols).where('id', '=', dealId).execute();
  return { ...counters, ...cols };
}

// Built once (db/statements/compiled-once.ts): it runs on every vote.
const votedCounters = compiledOnce((db, up: number, down: number, half: number, temperature: number, hotScore: number, dealId: number) =>
  db.kysely
    .updateTable('deals')
    .set((eb) => ({
      upvotes: eb('upvotes', '+', up),
      downvotes: eb('downvotes', '+', down),
      half_vote_balance: eb('half_vote_balance', '+', half),
      recent_votes: eb('recent_votes', '+', 1),
      temperature,
      hot_score: hotScore,
    }))
    .where('id', '=', dealId),
);

/**
 * A vote cast: one more up or down vote, the half-vote balance when it counts half (a new account's), one more vote in
 * the trending window (it is cast now); then the temperature and hot score. The caller has read the deal's counters
 * with the row locked (the vote's FOR UPDATE on PostgreSQL; SQLite has one writer), so the temperature that follows is
 * worked out here and written in the same statement as the counters, which stay relative. Answers the counters after.
 */
export async function countVote(runner: Runner, deal: { id: number; published_at: string } & VoteCounters, voteType: 1 | -1, countsHalf: boolean) {
  const up = voteType === 1 ? 1 : 0;
  const half = countsHalf ? voteType : 0;
  const counters = numbers({
    upvotes: Number(deal.upvotes) + up,
    downvotes: Number(deal.downvotes) + 1 - up,
    half_vote_balance: Number(deal.half_vote_balance) + half,
  });
  const cols = temperatureColumns(counters, deal.published_at);
  await votedCounters(runner, up, 1 - up, half, cols.temperature, cols.hot_score, deal.id);
  return { ...counters, ...cols };
}

/**
 * Half-weight votes come of age: `delta` (their signed sum, up +1, down -1) leaves the half-vote balance, so the
 * temperature and hot score become what they would be had those votes been whole from the start. Answers the counters.
 */
export async function countVotesWhole(trx: Tx, deal: { id: number; published_at: string }, delta: number) {
  const counters = await trx
    .updateTable('deals')
    .set((eb) => ({ half_vote_balance: eb('half_vote_balance', '-', delta) }))
    .where('id', '=', deal.id)
    .returning(['upvotes', 'downvotes', 'half_vote_balance'])
    .executeTakeFirstOrThrow();
  return settleTemperature(trx, deal.id, numbers(counters), deal.published_at);
}

/**
 * Every vote counter of a deal worked out again from its vote rows (after votes were voided), as columns for the
 * lifecycle edit that voids them (votes/commands.ts voidVotes): up, down, half-vote balance, temperature, hot score and
 * the trending window's count.
 */
export async function voteCounterColumns(trx: Tx, deal: { id: number; published_at: string }, now = Date.now()) {
  const row = await trx
    .selectFrom('votes')
    .select([
      sql<number>`coalesce(sum(case when vote_type = 1 then 1 else 0 end), 0)`.as('up'),
      sql<number>`coalesce(sum(case when vote_type = -1 then 1 else 0 end), 0)`.as('down'),
      sql<number>`coalesce(sum(case when half_weight_until is not null then vote_type else 0 end), 0)`.as('half'),
    ])
    .where('deal_id', '=', deal.id)
    .executeTakeFirstOrThrow();
  const counters: VoteCounters = { upvotes: Number(row.up), downvotes: Number(row.down), half_vote_balance: Number(row.half) };
  const cutoff = new Date(now - TRENDING_WINDOW_MS).toISOString();
  const recent = await trx
    .selectFrom('votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deal_id', '=', deal.id)
    .where('created_at', '>', cutoff)
    .executeTakeFirstOrThrow();
  return { ...counters, ...temperatureColumns(counters, deal.published_at), recent_votes: Number(recent.n) };
}

/** A comment shown more (+1) or fewer (-1): deals.comment_count counts the comments still shown. */
export async function countComment(trx: Tx, dealId: number, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('deals')
    .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
    .where('id', '=', dealId)
    .execute();
}

/** Sets the deals' comment counts from their shown comments (after many comments of one author went at once). */
export async function recountComments(trx: Tx, dealIds: number[]): Promise<void> {
  for (let i = 0; i < dealIds.length; i += 500) {
    await trx
      .updateTable('deals')
      .set((eb) => ({
        comment_count: eb
          .selectFrom('comments')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('comments.deal_id', '=', 'deals.id')
          .where('comments.deleted_at', 'is', null),
      }))
      .where('id', 'in', dealIds.slice(i, i + 500))
      .execute();
  }
}

/** How often the trending window's minute job runs (jobs.ts). */
export const TRENDING_WINDOW_EVERY_MS = 60_000;

/** How far back a routine tick looks for votes that have left the window: an hour of ticks, so a stalled job or a restart loses nothing. */
const AGED_LOOKBACK_MS = 60 * 60_000;

/**
 * deals.recent_votes counts a deal's votes of the last 24 h (migration 010): countVote adds one in the vote's
 * transaction, voiding recounts (voteCounterColumns), and this job, every minute (jobs.ts), recounts the deals whose
 * votes have aged out: those with a vote cast between 25 and 24 hours ago, found by the votes' (created_at, deal_id)
 * index, a handful per minute. So the trending order is at most a minute behind the clock at its edge, and exact for
 * every vote inside the window. Recounting every deal with recent_votes > 0 instead (`all`: once an hour, as a safety
 * net) reads each of the few thousand deals voted on in a day: 60 ms and 60 MB of pages at a million deals, every minute.
 *
 * `alsoVotedSince` widens the recount to deals with votes after that instant whose counter says 0: rows written
 * around the counters (the demo seed, the bulk loaders, tests that backdate votes) are counted from their votes.
 * Answers how many deals changed; no count depends on it (the trending list orders the same set as every other sort),
 * so cached pages age out by their TTL unless the caller drops them.
 */
export async function recountRecentVotes(db: Db, now = Date.now(), opts: { all?: boolean; alsoVotedSince?: boolean } = {}): Promise<number> {
  const cutoff = new Date(now - TRENDING_WINDOW_MS).toISOString();
  const recent = sql`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = deals.id AND v.created_at > ${cutoff})`;
  const agedOut = sql`id IN (SELECT deal_id FROM votes WHERE created_at > ${new Date(now - TRENDING_WINDOW_MS - AGED_LOOKBACK_MS).toISOString()} AND created_at <= ${cutoff})`;
  const counted = sql`recent_votes > 0`;
  const which = opts.alsoVotedSince ? sql`${counted} OR id IN (SELECT deal_id FROM votes WHERE created_at > ${cutoff})` : opts.all ? counted : agedOut;
  // The full recount walks the partial (id, recent_votes) index (migration 012), reading a row only to change it;
  // SQLite, given its statistics, would rather skip-scan a trending index and read every row.
  const table = which === counted && db.dialect === 'sqlite' ? sql`deals INDEXED BY deals_recent_votes_idx` : sql`deals`;
  const result = await sql`UPDATE ${table} SET recent_votes = ${recent} WHERE (${which}) AND recent_votes <> ${recent}`.execute(db.kysely);
  return Number(result.numAffectedRows ?? 0);
}
