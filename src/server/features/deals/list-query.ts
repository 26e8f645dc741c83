import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DealSort } from '../../../shared/schemas/deals.js';
import type { Db } from '../../db/connection.js';
import { type BrowseFilters, dependsOnVotes, filtersKey, filtersSql, hasSearch, otherFiltersSql, type SortColumn, type StatusBranch, statusBranches, statusSql, titleRankSql } from './browse-filters.js';
import { cachedCount } from './count-cache.js';

/** Trending = votes received in this window (ARCHITECTURE §5). */
export const TRENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

type Dir = 'asc' | 'desc';
interface OrderKey {
  expr: RawBuilder<unknown>;
  dir: Dir;
  column?: SortColumn;
  /** The same value as an expression no index can order (for branches that must not be walked in index order). */
  unindexed?: RawBuilder<unknown>;
}

const key = (column: Exclude<SortColumn, null | 'count'> | 'id', dir: Dir): OrderKey => ({
  expr: sql.ref(`d.${column}`),
  dir,
  column: column === 'id' ? undefined : column,
  unindexed: column === 'published_at' ? sql`(d.published_at || '')` : sql`(${sql.ref(`d.${column}`)} + 0)`,
});
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

/** One status branch, every other filter and `extra`, ordered by `order`: a single index range read in order. */
function branchQuery(ctx: Ctx, branch: StatusBranch, extra: RawBuilder<SqlBool> | null, order: OrderKey[], withKeys: boolean) {
  const exprs = order.map((o) => (branch.ordered ? o.expr : (o.unindexed ?? o.expr)));
  let q = ctx.db.kysely
    .selectFrom('deals as d')
    .select('d.id')
    // The merge of several branches orders by these keys; a single branch needs none (and SQLite would evaluate a
    // search's title test twice).
    .select(withKeys ? exprs.map((e, i) => sql<unknown>`${e}`.as(`k${i}`)) : [])
    .where(branch.where)
    .where(otherFiltersSql(ctx.filters, ctx.db.dialect, branch.ordered ? (order[0]?.column ?? null) : null));
  if (extra) q = q.where(extra);
  exprs.forEach((e, i) => {
    q = q.orderBy(e, order[i].dir);
  });
  return q;
}

/**
 * The ids of a page. With one status branch (active) that is one ordered index read; with two (expired, all) each
 * branch reads at most offset + limit rows in index order and the union is merged, so no query ever sorts the table.
 */
async function selectIds(ctx: Ctx, extra: RawBuilder<SqlBool> | null, order: OrderKey[], offset: number, limit: number): Promise<number[]> {
  const branches = statusBranches(ctx.filters.status, ctx.nowIso);
  if (branches.length === 1) {
    const rows = await branchQuery(ctx, branches[0], extra, order, false).limit(limit).offset(offset).execute();
    return rows.map((r) => Number(r.id));
  }
  const parts = branches.map((b, i) => sql`SELECT * FROM (${branchQuery(ctx, b, extra, order, true).limit(offset + limit)}) AS ${sql.raw(`b${i}`)}`);
  const outerOrder = sql.join(order.map((o, i) => sql`${sql.ref(`merged.k${i}`)} ${sql.raw(o.dir)}`));
  const { rows } = await sql<{ id: number }>`SELECT merged.id FROM (${sql.join(parts, sql` UNION ALL `)}) AS merged ORDER BY ${outerOrder} LIMIT ${limit} OFFSET ${offset}`.execute(ctx.db.kysely);
  return rows.map((r) => Number(r.id));
}

/** Rows matching a predicate and every non-status filter; `indexedBy` pins SQLite to the index that makes it cheap. */
async function countMatching(ctx: Ctx, where: RawBuilder<SqlBool>, indexedBy?: string): Promise<number> {
  const hint = indexedBy && ctx.db.dialect === 'sqlite' ? sql.raw(` INDEXED BY ${indexedBy}`) : sql``;
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM deals AS d${hint} WHERE ${where} AND ${otherFiltersSql(ctx.filters, ctx.db.dialect, 'count')}`.execute(ctx.db.kysely);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The size of the filtered set, from index-only counts: "active and not lapsed" is counted as all active minus the
 * lapsed ones (a short range of the (status, expires_at) index), never by testing every row's expiry.
 */
async function countFiltered(ctx: Ctx): Promise<number> {
  // Left to itself SQLite counts lapsed deals of a store by testing the expiry of every deal of the store.
  const lapsed = () => countMatching(ctx, sql<SqlBool>`d.status = 'active' AND d.expires_at <= ${ctx.nowIso}`, 'deals_status_expires_idx');
  const withStatus = (status: string) => countMatching(ctx, sql<SqlBool>`d.status = ${status}`);
  if (hasSearch(ctx.filters)) return countMatching(ctx, statusSql(ctx.filters.status, ctx.nowIso));
  switch (ctx.filters.status) {
    case 'active':
      return (await withStatus('active')) - (await lapsed());
    case 'expired':
      return (await withStatus('expired')) + (await lapsed());
    default:
      return (await withStatus('active')) + (await withStatus('expired'));
  }
}

/** Filtered rows that also match `extra`, branch by branch. */
async function countWhere(ctx: Ctx, extra: RawBuilder<SqlBool>): Promise<number> {
  let n = 0;
  for (const branch of statusBranches(ctx.filters.status, ctx.nowIso)) n += await countMatching(ctx, sql<SqlBool>`${branch.where} AND ${extra}`);
  return n;
}

const recentVotesSql = (ctx: Ctx) => sql<number>`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = d.id AND v.created_at > ${ctx.cutoffIso})`;
const hasRecentVotesSql = (ctx: Ctx) => sql<SqlBool>`EXISTS (SELECT 1 FROM votes v WHERE v.deal_id = d.id AND v.created_at > ${ctx.cutoffIso})`;
const notSql = (e: RawBuilder<SqlBool>) => sql<SqlBool>`NOT ${e}`;

/** Deals with votes in the window, most recent votes first: a small set read from votes(created_at, deal_id). */
/**
 * Votes per deal in the window, read from the window's range of votes(created_at, deal_id). SQLite would rather walk
 * all of votes(deal_id, created_at) to group without sorting, so it is pinned to the right index.
 */
function recentVotes(ctx: Ctx) {
  const hint = ctx.db.dialect === 'sqlite' ? sql.raw(' INDEXED BY votes_created_deal_idx') : sql``;
  return sql`(SELECT deal_id, COUNT(*) AS recent FROM votes${hint} WHERE created_at > ${ctx.cutoffIso} GROUP BY deal_id)`;
}

async function trendingIds(ctx: Ctx, offset: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT d.id FROM ${recentVotes(ctx)} AS r JOIN deals AS d ON d.id = r.deal_id
    WHERE ${filtersSql(ctx.filters, ctx.nowIso, ctx.db.dialect)}
    ORDER BY r.recent DESC, d.hot_score DESC, d.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(ctx.db.kysely);
  return rows.map((r) => Number(r.id));
}

async function trendingCount(ctx: Ctx): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${recentVotes(ctx)} AS r JOIN deals AS d ON d.id = r.deal_id
    WHERE ${filtersSql(ctx.filters, ctx.nowIso, ctx.db.dialect)}`.execute(ctx.db.kysely);
  return Number(rows[0]?.n ?? 0);
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
  return cachedCount(db, filtersKey(req.filters), dependsOnVotes(req.filters), () => countFiltered(ctx));
}
