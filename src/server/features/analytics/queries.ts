import { sql } from 'kysely';
import { addDays } from '../../../shared/domain/shops/analytics.js';
import type { Db } from '../../db/connection.js';
import { executePlanStable } from '../../db/statements/prepared.js';

/** Per-day sums of the counting table over a range of days (both included). */
export interface DayStats {
  clicks: number;
  views: number;
  taggedClicks: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** Clicks, views and tagged clicks per day (index-only: deal_daily_stats_day_idx). */
export async function statsByDay(db: Db, from: string, to: string): Promise<Map<string, DayStats>> {
  const rows = await db.kysely
    .selectFrom('deal_daily_stats')
    .select((eb) => ['day', eb.fn.sum<number>('clicks').as('clicks'), eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('tagged_clicks').as('tagged')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, { clicks: num(r.clicks), views: num(r.views), taggedClicks: num(r.tagged) }]));
}

/** The tables whose rows the analytics count per day by created_at, each through an index that starts with it. */
type CountedTable = 'deals' | 'votes' | 'comments' | 'users';

/** Rows created per UTC day (timestamps are ISO text on both engines, so the day is its first ten characters). */
export async function createdByDay(db: Db, table: CountedTable, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; n: number | string }>`SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM ${sql.table(table)}
    WHERE created_at >= ${from} AND created_at < ${addDays(to, 1)} GROUP BY substr(created_at, 1, 10)`.execute(db.kysely);
  return new Map(rows.map((r) => [r.day, num(r.n)]));
}

/** Who did anything on a day: voted, commented or posted a deal (created_at ranges of their indexes). */
const activity = (from: string, to: string) => {
  const end = addDays(to, 1);
  return sql`SELECT substr(created_at, 1, 10) AS day, user_id FROM votes WHERE created_at >= ${from} AND created_at < ${end}
    UNION SELECT substr(created_at, 1, 10) AS day, user_id FROM comments WHERE created_at >= ${from} AND created_at < ${end}
    UNION SELECT substr(created_at, 1, 10) AS day, user_id FROM deals WHERE created_at >= ${from} AND created_at < ${end} AND user_id IS NOT NULL`;
};

/** Members who did anything, per day. */
export async function activeMembersByDay(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const { rows } = await sql<{
    day: string;
    n: number | string;
  }>`SELECT a.day, count(DISTINCT a.user_id) AS n FROM (${activity(from, to)}) a GROUP BY a.day`.execute(db.kysely);
  return new Map(rows.map((r) => [r.day, num(r.n)]));
}

/** Members who did anything in the whole range (each once, however many days). */
export async function activeMembersIn(db: Db, from: string, to: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(DISTINCT a.user_id) AS n FROM (${activity(from, to)}) a`.execute(db.kysely);
  return num(rows[0]?.n);
}

export interface TopDealRow {
  id: number;
  title: string;
  storeName: string;
  clicks: number;
  views: number;
}

/**
 * The deals with most clicks in the range (then most views), with their titles and shops: the range's counts summed
 * per deal from the day index, the first ones kept, then those few deals read by key. CROSS JOIN fixes that order on
 * SQLite (its planner would otherwise walk deals and probe the counts); PostgreSQL plans it alike on its own.
 */
export async function topDeals(db: Db, from: string, to: string, limit: number): Promise<TopDealRow[]> {
  const { rows } = await sql<{ id: number; title: string; storeName: string; clicks: number | string; views: number | string }>`
    SELECT d.id, d.title, st.name AS "storeName", t.clicks, t.views FROM (
      SELECT deal_id, sum(clicks) AS clicks, sum(views) AS views FROM deal_daily_stats WHERE day >= ${from} AND day <= ${to}
      GROUP BY deal_id ORDER BY sum(clicks) DESC, sum(views) DESC, deal_id LIMIT ${limit}
    ) t CROSS JOIN deals d CROSS JOIN stores st WHERE d.id = t.deal_id AND st.id = d.store_id
    ORDER BY t.clicks DESC, t.views DESC, d.id`.execute(db.kysely);
  return rows.map((r) => ({ id: r.id, title: r.title, storeName: r.storeName, clicks: num(r.clicks), views: num(r.views) }));
}

export interface TopGroupRow {
  id: number;
  name: string;
  clicks: number;
}

/** Shops or categories by clicks in the range: the range's daily counts joined through their deals (in that order). */
export async function topGroups(db: Db, by: 'store' | 'category', from: string, to: string, limit: number): Promise<TopGroupRow[]> {
  const column = by === 'store' ? 'd.store_id' : 'd.category_id';
  const table = by === 'store' ? 'stores' : 'categories';
  const { rows } = await sql<{ id: number; name: string; clicks: number | string }>`SELECT g.id, g.name, t.clicks FROM (
      SELECT ${sql.ref(column)} AS id, sum(s.clicks) AS clicks FROM deal_daily_stats s CROSS JOIN deals d
      WHERE d.id = s.deal_id AND s.day >= ${from} AND s.day <= ${to} GROUP BY ${sql.ref(column)}
    ) t JOIN ${sql.table(table)} g ON g.id = t.id WHERE t.clicks > 0 ORDER BY t.clicks DESC, g.id LIMIT ${limit}`.execute(db.kysely);
  return rows.map((r) => ({ id: r.id, name: r.name, clicks: num(r.clicks) }));
}

/** Each deal's figures, all time: one range of the primary key per deal. */
export async function dealFigures(db: Db, dealIds: number[]): Promise<Map<number, { views: number; clicks: number }>> {
  if (dealIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('deal_daily_stats')
    .select((eb) => ['deal_id', eb.fn.sum<number>('clicks').as('clicks'), eb.fn.sum<number>('views').as('views')])
    .where('deal_id', 'in', dealIds)
    .groupBy('deal_id')
    .execute();
  return new Map(rows.map((r) => [r.deal_id, { clicks: num(r.clicks), views: num(r.views) }]));
}

/**
 * What /go/{id} needs of a deal: its stored URL, its shop (for the tag) and its status. A primary-key lookup whose plan
 * never depends on the id: a named prepared statement on PostgreSQL (db/statements/prepared.ts), planned once per connection.
 */
export async function outboundTarget(db: Db, id: number) {
  const [row] = await executePlanStable(db, db.kysely.selectFrom('deals').select(['url', 'store_id', 'status']).where('id', '=', id).compile());
  return row;
}
