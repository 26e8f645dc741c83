import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { cached } from '../../../db/reads/count-cache.js';

/** What a member follows, as the Following tab reads it (follows/followIds). */
export interface FollowSet {
  store: number[];
  category: number[];
  member: number[];
}

/** Far future: a deal without an expiry date never lapses (as browse-filters.ts). */
const NEVER = '9999-12-31T23:59:59.999Z';
/** The Following tab's total is counted up to this many deals ("1,000+"), like a search's. */
export const FOLLOWING_COUNT_CAP = 1000;
/**
 * Rows read past the page's end before the expiry check: an active deal past its expiry is marked expired by the
 * minute sweep, so more than this many lapsed deals among one page's candidates does not happen in practice (a page
 * would then come out short, never wrong).
 */
const LAPSED_MARGIN = 20;

const SCOPES = [
  ['store', 'store_id', 'deals_store_status_published_idx'],
  ['category', 'category_id', 'deals_category_status_published_idx'],
  ['member', 'user_id', 'deals_user_status_published_idx'],
] as const;

/**
 * One newest-first range per followed thing: (store_id | category_id | user_id, status, published_at, id) read in
 * order from the index alone (it holds id and published_at) and stopped after `take` entries, so 50 follows read at
 * most 50 x take index entries and no row, whatever the table's size. SQLite gets one UNION arm per thing, pinned to
 * its index. PostgreSQL gets one arm per kind, a LATERAL walk over the ids given as one array parameter: fifty UNION
 * arms cost it more to plan (~40 ms) than to run (~1 ms), while three arms plan the same however many things a member
 * follows.
 */
function ranges(db: Db, set: FollowSet, take: number, select: RawBuilder<unknown>): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  for (const [type, column, index] of SCOPES) {
    if (set[type].length === 0) continue;
    if (db.dialect === 'postgres') {
      parts.push(
        sql`SELECT r.* FROM unnest(${set[type]}::int[]) AS ${sql.raw(`k${parts.length}`)}(v) CROSS JOIN LATERAL (SELECT ${select} FROM deals AS d
          WHERE d.${sql.raw(column)} = ${sql.raw(`k${parts.length}`)}.v AND d.status = 'active' ORDER BY d.published_at DESC, d.id DESC LIMIT ${take}) AS r`,
      );
      continue;
    }
    for (const id of set[type]) {
      parts.push(
        sql`SELECT * FROM (SELECT ${select} FROM deals AS d INDEXED BY ${sql.raw(index)} WHERE d.${sql.raw(column)} = ${id} AND d.status = 'active' ORDER BY d.published_at DESC, d.id DESC LIMIT ${take}) AS ${sql.raw(`f${parts.length}`)}`,
      );
    }
  }
  return parts;
}

const isEmpty = (set: FollowSet) => set.store.length + set.category.length + set.member.length === 0;

/**
 * One page of the Following tab: each range's first offset + limit entries merged newest first (UNION drops a deal two
 * follows share), the first offset + limit + LAPSED_MARGIN of those checked for expiry on their rows, then the page.
 */
export const followingPageQuery = (db: Db, set: FollowSet, offset: number, limit: number, now: Date) =>
  sql<{ id: number }>`SELECT m.id FROM (
      SELECT u.id, u.published_at FROM (${sql.join(ranges(db, set, offset + limit, sql`d.id, d.published_at`), sql` UNION `)}) AS u
      ORDER BY u.published_at DESC, u.id DESC LIMIT ${offset + limit + LAPSED_MARGIN}
    ) AS m INNER JOIN deals AS d ON d.id = m.id
    WHERE COALESCE(d.expires_at, ${NEVER}) > ${now.toISOString()}
    ORDER BY m.published_at DESC, m.id DESC LIMIT ${limit} OFFSET ${offset}`;

/**
 * The largest range's size up to FOLLOWING_COUNT_CAP + 1, from the indexes alone, in one statement: SQLite counts each
 * arm; PostgreSQL counts per followed thing inside each kind's LATERAL walk.
 */
function largestRangeQuery(db: Db, set: FollowSet) {
  const take = FOLLOWING_COUNT_CAP + 1;
  if (db.dialect === 'sqlite') {
    const counts = ranges(db, set, take, sql`d.id`).map((r, i) => sql`SELECT COUNT(*) AS n FROM (${r}) AS ${sql.raw(`c${i}`)}`);
    return sql<{ n: number }>`SELECT MAX(n) AS n FROM (${sql.join(counts, sql` UNION ALL `)}) AS sizes`;
  }
  const counts = SCOPES.filter(([type]) => set[type].length > 0).map(
    ([type, column], i) =>
      sql`SELECT c.n FROM unnest(${set[type]}::int[]) AS ${sql.raw(`k${i}`)}(v) CROSS JOIN LATERAL (SELECT COUNT(*) AS n FROM (SELECT 1 FROM deals AS d
        WHERE d.${sql.raw(column)} = ${sql.raw(`k${i}`)}.v AND d.status = 'active' LIMIT ${take}) AS z) AS c`,
  );
  return sql<{ n: number }>`SELECT MAX(n) AS n FROM (${sql.join(counts, sql` UNION ALL `)}) AS sizes`;
}

/** The exact total of live deals when every range is under the cap (so the union is small). */
export const followingCountQuery = (db: Db, set: FollowSet, now: Date) =>
  sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${sql.join(ranges(db, set, FOLLOWING_COUNT_CAP + 1, sql`d.id`), sql` UNION `)}) AS u
    INNER JOIN deals AS d ON d.id = u.id WHERE COALESCE(d.expires_at, ${NEVER}) > ${now.toISOString()}`;

export async function followingDealIds(db: Db, set: FollowSet, offset: number, limit: number, now: Date): Promise<number[]> {
  if (isEmpty(set)) return [];
  const { rows } = await followingPageQuery(db, set, offset, limit, now).execute(db.kysely);
  return rows.map((r) => Number(r.id));
}

/**
 * The tab's total, up to FOLLOWING_COUNT_CAP (capped: there are more). One followed thing with more live deals than
 * the cap settles it from the indexes alone (the usual case: a big shop or category); otherwise every range is small
 * and the union is counted exactly. Kept per follow set in the count cache (30 s, dropped on any deal change).
 */
export async function countFollowing(db: Db, set: FollowSet, now: Date): Promise<{ total: number; capped: boolean }> {
  if (isEmpty(set)) return { total: 0, capped: false };
  const key = `following:${JSON.stringify(set)}`;
  return cached(db, key, false, async () => {
    const { rows } = await largestRangeQuery(db, set).execute(db.kysely);
    const largest = Number(rows[0]?.n ?? 0);
    if (largest > FOLLOWING_COUNT_CAP) return { total: FOLLOWING_COUNT_CAP, capped: true };
    const exact = await followingCountQuery(db, set, now).execute(db.kysely);
    const n = Number(exact.rows[0]?.n ?? 0);
    return n > FOLLOWING_COUNT_CAP ? { total: FOLLOWING_COUNT_CAP, capped: true } : { total: n, capped: false };
  });
}
