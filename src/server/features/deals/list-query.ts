import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DealSort } from '../../../shared/schemas/deals.js';
import type { Db } from '../../db/connection.js';
import { type BrowseFilters, dependsOnVotes, filtersKey, filtersSql, hasSearch, titleRankSql } from './browse-filters.js';
import { cachedCount } from './count-cache.js';

/** Trending = votes received in this window (ARCHITECTURE §5). */
export const TRENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

type Dir = 'asc' | 'desc';
interface OrderKey {
  expr: RawBuilder<unknown>;
  dir: Dir;
}

const key = (column: string, dir: Dir): OrderKey => ({ expr: sql.ref(`d.${column}`), dir });
/** Each sort reads one browse index (status, key, id) of 001-initial in order; id breaks ties the same way. */
const INDEX_ORDERS: Record<Exclude<DealSort, 'trending'>, OrderKey[]> = {
  newest: [key('published_at', 'desc'), key('id', 'desc')],
  hottest: [key('temperature', 'desc'), key('id', 'desc')],
  'getting-warm': [key('hot_score', 'desc'), key('id', 'desc')],
  'price-asc': [key('price_pence', 'asc'), key('id', 'asc')],
  'price-desc': [key('price_pence', 'desc'), key('id', 'desc')],
  'most-commented': [key('comment_count', 'desc'), key('id', 'desc')],
};
const NEWEST = INDEX_ORDERS.newest;

interface Ctx {
  db: Db;
  filters: BrowseFilters;
  nowIso: string;
  cutoffIso: string;
}

function selectIds(ctx: Ctx, extra: RawBuilder<SqlBool> | null, order: OrderKey[], offset: number, limit: number): Promise<number[]> {
  let q = ctx.db.kysely.selectFrom('deals as d').select('d.id').where(filtersSql(ctx.filters, ctx.nowIso, ctx.db.dialect));
  if (extra) q = q.where(extra);
  for (const o of order) q = q.orderBy(o.expr, o.dir);
  return q.limit(limit).offset(offset).execute().then((rows) => rows.map((r) => Number(r.id)));
}

async function countWhere(ctx: Ctx, extra: RawBuilder<SqlBool> | null): Promise<number> {
  let q = ctx.db.kysely.selectFrom('deals as d').select((eb) => eb.fn.countAll<number>().as('n')).where(filtersSql(ctx.filters, ctx.nowIso, ctx.db.dialect));
  if (extra) q = q.where(extra);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

const recentVotesSql = (ctx: Ctx) => sql<number>`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = d.id AND v.created_at > ${ctx.cutoffIso})`;
const hasRecentVotesSql = (ctx: Ctx) => sql<SqlBool>`EXISTS (SELECT 1 FROM votes v WHERE v.deal_id = d.id AND v.created_at > ${ctx.cutoffIso})`;
const notSql = (e: RawBuilder<SqlBool>) => sql<SqlBool>`NOT ${e}`;

/** Deals with votes in the window, most recent votes first: a small set read from votes(created_at, deal_id). */
async function trendingIds(ctx: Ctx, offset: number, limit: number): Promise<number[]> {
  const rows = await ctx.db.kysely
    .selectFrom((eb) =>
      eb.selectFrom('votes').select((v) => ['deal_id', v.fn.countAll<number>().as('recent')]).where('created_at', '>', ctx.cutoffIso).groupBy('deal_id').as('r'),
    )
    .innerJoin('deals as d', 'd.id', 'r.deal_id')
    .select('d.id')
    .where(filtersSql(ctx.filters, ctx.nowIso, ctx.db.dialect))
    .orderBy('r.recent', 'desc')
    .orderBy('d.hot_score', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => Number(r.id));
}

async function trendingCount(ctx: Ctx): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom((eb) => eb.selectFrom('votes').select('deal_id').where('created_at', '>', ctx.cutoffIso).groupBy('deal_id').as('r'))
    .innerJoin('deals as d', 'd.id', 'r.deal_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(filtersSql(ctx.filters, ctx.nowIso, ctx.db.dialect))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page across two ordered segments that partition the filtered set: the first is read with OFFSET directly; only
 * when it runs out do we need its size, to know where the second segment starts.
 */
async function pageAcross(
  offset: number,
  limit: number,
  first: (offset: number, limit: number) => Promise<number[]>,
  firstSize: () => Promise<number>,
  second: (offset: number, limit: number) => Promise<number[]>,
): Promise<number[]> {
  const a = await first(offset, limit);
  if (a.length === limit) return a;
  const sizeOfFirst = a.length > 0 ? offset + a.length : await firstSize();
  const b = await second(Math.max(0, offset - sizeOfFirst), limit - a.length);
  return [...a, ...b];
}

export interface ListRequest {
  filters: BrowseFilters;
  sort: DealSort;
  offset: number;
  limit: number;
  now?: Date;
}

function context(db: Db, req: Pick<ListRequest, 'filters' | 'now'>): Ctx {
  const now = req.now ?? new Date();
  return { db, filters: req.filters, nowIso: now.toISOString(), cutoffIso: new Date(now.getTime() - TRENDING_WINDOW_MS).toISOString() };
}

/** The ids of one page, in order. Every shape here is served by an index (see docs/notes/deals-api.md). */
export async function listDealIds(db: Db, req: ListRequest): Promise<number[]> {
  const ctx = context(db, req);
  const { sort, offset, limit } = req;

  if (hasSearch(req.filters)) {
    // The full-text match bounds the candidates; title matches first, then the chosen order.
    const rank: OrderKey = { expr: titleRankSql(req.filters.search as string, db.dialect), dir: 'asc' };
    let order: OrderKey[];
    if (sort === 'trending') order = [{ expr: recentVotesSql(ctx), dir: 'desc' }, key('hot_score', 'desc'), key('id', 'desc')];
    else if (sort === 'price-asc' || sort === 'price-desc') {
      order = [{ expr: sql`CASE WHEN d.price_pence IS NULL THEN 1 ELSE 0 END`, dir: 'asc' }, ...INDEX_ORDERS[sort]];
    } else order = INDEX_ORDERS[sort];
    return selectIds(ctx, null, [rank, ...order], offset, limit);
  }

  if (sort === 'trending') {
    return pageAcross(
      offset,
      limit,
      (o, l) => trendingIds(ctx, o, l),
      () => trendingCount(ctx),
      (o, l) => selectIds(ctx, notSql(hasRecentVotesSql(ctx)), INDEX_ORDERS['getting-warm'], o, l),
    );
  }
  if (sort === 'price-asc' || sort === 'price-desc') {
    // Deals without a price (some scraped ones) come after every priced deal, newest first.
    const priced = sql<SqlBool>`d.price_pence IS NOT NULL`;
    const unpriced = sql<SqlBool>`d.price_pence IS NULL`;
    return pageAcross(
      offset,
      limit,
      (o, l) => selectIds(ctx, priced, INDEX_ORDERS[sort], o, l),
      async () => (await countDeals(db, req)) - (await countWhere(ctx, unpriced)),
      (o, l) => selectIds(ctx, unpriced, NEWEST, o, l),
    );
  }
  return selectIds(ctx, null, INDEX_ORDERS[sort], offset, limit);
}

/** Size of the filtered set (every sort orders the same set). Cached briefly, see count-cache.ts. */
export function countDeals(db: Db, req: Pick<ListRequest, 'filters' | 'now'>): Promise<number> {
  const ctx = context(db, req);
  return cachedCount(db, filtersKey(req.filters), dependsOnVotes(req.filters), () => countWhere(ctx, null));
}
