import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { cached } from '../../../db/reads/count-cache.js';
import { LIVE_SEARCH_ID_BITS } from '../../../db/migrations/013-live-search-index.js';

/**
 * SQLite's index of live deals' text (deals_live_fts, migration 013): its rowid is the publication time above the deal
 * id, negated: rowid order is the newest-first order, and the id is the low bits of -rowid. These read it alone, never the
 * deals table: a search of live deals costs what its page and its capped total read from the index (a few hundred
 * entries), whatever the size of the site. Lapsed deals (still active, past their expiry, not yet swept; `lapsed` is
 * their ids) are in the index and left out here.
 */
const ID_MASK = 2 ** LIVE_SEARCH_ID_BITS - 1;
const dealId = sql.raw(`((-rowid) & ${ID_MASK})`);

function matching(match: string, lapsed: number[]) {
  const notLapsed = lapsed.length > 0 ? sql` AND ${dealId} NOT IN (${sql.join(lapsed)})` : sql``;
  return sql`FROM deals_live_fts WHERE deals_live_fts MATCH ${match}${notLapsed}`;
}

/**
 * Whether every deal can be in the index: none has an id past the rowid's id bits. Kept like the counts (count-cache.ts:
 * dropped on any deal write, so a new deal with a larger id is seen at once): a search asks it for its page and again
 * for its total.
 */
export function liveIndexCovers(db: Db): Promise<boolean> {
  return cached(db, 'live-index-covers', false, async () => {
    const { rows } = await sql<{ top: number | null }>`SELECT MAX(id) AS top FROM deals`.execute(db.kysely);
    return Number(rows[0]?.top ?? 0) <= ID_MASK;
  });
}

/** Ids of the live deals matching an FTS5 query, newest first (published_at DESC, id DESC). */
export async function liveMatchIds(db: Db, match: string, lapsed: number[], offset: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT ${dealId} AS id ${matching(match, lapsed)} ORDER BY rowid LIMIT ${limit} OFFSET ${offset}`.execute(
    db.kysely,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * All the live matches of an FTS5 query, newest first, when there are at most `most` (null when there are more): each
 * with its index rowid, and of those, the deal ids matching `narrower` too (an FTS5 query read by rowid: a seek per
 * deal in each word's list, never a pass over the lists).
 */
export async function fewLiveMatchIds(
  db: Db,
  match: string,
  narrower: string,
  lapsed: number[],
  most: number,
): Promise<{ all: number[]; narrower: number[] } | null> {
  // Rowids are past 2^53 (time above id): carried as text, read back as integers by SQLite itself.
  const { rows } = await sql<{ id: number; key: string }>`SELECT ${dealId} AS id, CAST(rowid AS TEXT) AS key ${matching(match, lapsed)}
    ORDER BY rowid LIMIT ${most + 1}`.execute(db.kysely);
  if (rows.length > most) return null;
  if (rows.length === 0) return { all: [], narrower: [] };
  const { rows: hit } = await sql<{ id: number }>`SELECT ${dealId} AS id FROM deals_live_fts WHERE deals_live_fts MATCH ${narrower}
    AND rowid IN (${sql.join(rows.map((r) => sql`CAST(${r.key} AS INTEGER)`))}) ORDER BY rowid`.execute(db.kysely);
  return { all: rows.map((r) => Number(r.id)), narrower: hit.map((r) => Number(r.id)) };
}

/** How many live deals match, counting up to `atMost` when given. */
export async function countLiveMatches(db: Db, match: string, lapsed: number[], atMost?: number): Promise<number> {
  const capped = atMost === undefined ? sql`` : sql` LIMIT ${atMost}`;
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT 1 ${matching(match, lapsed)}${capped}) AS m`.execute(db.kysely);
  return Number(rows[0]?.n ?? 0);
}
