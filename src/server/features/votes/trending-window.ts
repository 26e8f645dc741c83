import { sql } from 'kysely';
import { TRENDING_WINDOW_MS } from '../../../shared/domain/temperature.js';
import type { Db } from '../../db/connection.js';

export const TRENDING_WINDOW_EVERY_MS = 60_000;

/**
 * deals.recent_votes counts a deal's votes of the last 24 h (migration 010): castVote adds one in the vote's
 * transaction, voidVotes recounts, and this job, every minute (jobs.ts), recounts the deals whose votes may have aged
 * out, i.e. every deal with recent_votes > 0 (a partial index holds just those: the few thousand deals voted on in a
 * day, however many deals the site has). So the trending order is at most a minute behind the clock at its edge, and
 * exact for every vote inside the window.
 *
 * `alsoVotedSince` widens the recount to deals with votes after that instant whose counter says 0: rows written
 * around the counters (the demo seed, the bulk loaders, tests that backdate votes) are counted from their votes.
 */
export async function recountRecentVotes(db: Db, now = Date.now(), opts: { alsoVotedSince?: boolean } = {}): Promise<number> {
  const cutoff = new Date(now - TRENDING_WINDOW_MS).toISOString();
  const recent = sql`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = deals.id AND v.created_at > ${cutoff})`;
  const voted = opts.alsoVotedSince ? sql` OR id IN (SELECT deal_id FROM votes WHERE created_at > ${cutoff})` : sql``;
  const result = await sql`UPDATE deals SET recent_votes = ${recent} WHERE (recent_votes > 0${voted}) AND recent_votes <> ${recent}`.execute(db.kysely);
  // No count depends on it (the trending list orders the same set as every other sort); cached pages age out by TTL.
  return Number(result.numAffectedRows ?? 0);
}
