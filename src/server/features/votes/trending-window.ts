import { sql } from 'kysely';
import { TRENDING_WINDOW_MS } from '../../../shared/domain/temperature.js';
import type { Db } from '../../db/connection.js';

export const TRENDING_WINDOW_EVERY_MS = 60_000;

/** How far back a routine tick looks for votes that have left the window: an hour of ticks, so a stalled job or a restart loses nothing. */
const AGED_LOOKBACK_MS = 60 * 60_000;

/**
 * deals.recent_votes counts a deal's votes of the last 24 h (migration 010): castVote adds one in the vote's
 * transaction, voidVotes recounts, and this job, every minute (jobs.ts), recounts the deals whose votes have aged out:
 * those with a vote cast between 25 and 24 hours ago, found by the votes' (created_at, deal_id) index, a handful per
 * minute. So the trending order is at most a minute behind the clock at its edge, and exact for every vote inside the
 * window. Recounting every deal with recent_votes > 0 instead (`all`: once an hour, as a safety net) reads each of the
 * few thousand deals voted on in a day: 60 ms and 60 MB of pages at a million deals, every minute.
 *
 * `alsoVotedSince` widens the recount to deals with votes after that instant whose counter says 0: rows written
 * around the counters (the demo seed, the bulk loaders, tests that backdate votes) are counted from their votes.
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
  // No count depends on it (the trending list orders the same set as every other sort); cached pages age out by TTL.
  return Number(result.numAffectedRows ?? 0);
}
