import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

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

const SCOPES = [
  ['store', 'store_id', 'deals_store_status_published_idx'],
  ['category', 'category_id', 'deals_category_status_published_idx'],
  ['member', 'user_id', 'deals_user_status_published_idx'],
] as const;

/**
 * One newest-first range per followed thing: (store_id | category_id | user_id, status, published_at, id) read in
 * order and stopped after `take` rows (SQLite pinned to that index), so 50 follows read at most 50 x take index
 * entries whatever the table's size. `live` adds the expiry check (the page); the count leaves it out and reads the
 * indexes alone (lapsed deals are marked expired by the minute sweep).
 */
function perSource(db: Db, set: FollowSet, take: number, nowIso: string) {
  const parts = [];
  let n = 0;
  for (const [type, column, index] of SCOPES) {
    for (const id of set[type]) {
      const hint = db.dialect === 'sqlite' ? sql.raw(` INDEXED BY ${index}`) : sql``;
      const expiry = sql` AND COALESCE(d.expires_at, ${NEVER}) > ${nowIso}`;
      parts.push(
        sql`SELECT * FROM (SELECT d.id, d.published_at FROM deals AS d${hint} WHERE d.${sql.raw(column)} = ${id} AND d.status = 'active'${expiry} ORDER BY d.published_at DESC, d.id DESC LIMIT ${take}) AS ${sql.raw(`f${n++}`)}`,
      );
    }
  }
  return parts;
}

const isEmpty = (set: FollowSet) => set.store.length + set.category.length + set.member.length === 0;

/** One page of the Following tab: each source's first offset + limit, merged (UNION drops a deal seen twice). */
export const followingPageQuery = (db: Db, set: FollowSet, offset: number, limit: number, now: Date) =>
  sql<{ id: number }>`SELECT merged.id FROM (${sql.join(perSource(db, set, offset + limit, now.toISOString()), sql` UNION `)}) AS merged
    ORDER BY merged.published_at DESC, merged.id DESC LIMIT ${limit} OFFSET ${offset}`;

/** The tab's total, up to FOLLOWING_COUNT_CAP + 1. */
export const followingCountQuery = (db: Db, set: FollowSet, now: Date) =>
  sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${sql.join(perSource(db, set, FOLLOWING_COUNT_CAP + 1, now.toISOString()), sql` UNION `)}) AS merged`;

export async function followingDealIds(db: Db, set: FollowSet, offset: number, limit: number, now: Date): Promise<number[]> {
  if (isEmpty(set)) return [];
  const { rows } = await followingPageQuery(db, set, offset, limit, now).execute(db.kysely);
  return rows.map((r) => Number(r.id));
}

/** The tab's total, counted up to FOLLOWING_COUNT_CAP (capped: there are more). */
export async function countFollowing(db: Db, set: FollowSet, now: Date): Promise<{ total: number; capped: boolean }> {
  if (isEmpty(set)) return { total: 0, capped: false };
  const { rows } = await followingCountQuery(db, set, now).execute(db.kysely);
  const n = Number(rows[0]?.n ?? 0);
  return n > FOLLOWING_COUNT_CAP ? { total: FOLLOWING_COUNT_CAP, capped: true } : { total: n, capped: false };
}
