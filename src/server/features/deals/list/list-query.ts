import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DealSort } from '../../../../shared/schemas/deals/deals.js';
import type { Db } from '../../../db/connection.js';
import {
  type BrowseFilters,
  type BrowseStatus,
  countIsBounded,
  dependsOnVotes,
  filtersKey,
  hasSearch,
  otherFiltersSql,
  type SortColumn,
  type StatusBranch,
  statusBranches,
  statusSql,
  searchSql,
  titleRankSql,
  titleSearchSql,
} from './browse-filters.js';
import { cached, cachedCount } from '../../../db/reads/count-cache.js';
import { liveMatchesAtLeast, liveMatchesAtMost } from '../search/lexeme-counts.js';
import { countLiveMatches, fewLiveMatchIds, liveIndexCovers, liveMatchIds } from '../search/live-search.js';
import { type FtsQuery, ftsMatch, ftsRestMatch } from '../search/search.js';
import { ftsQuery } from '../search/search-words.js';
import { type ParsedSearch, parseSearch } from '../../../../shared/domain/search/query.js';
import { PUBLIC_STATUSES } from '../../../../shared/domain/deals/deal-visibility.js';

type Dir = 'asc' | 'desc';
/**
 * A column some browse index orders by: the filters' sort columns, discount_bp (migration 008, sort=discount) and
 * recent_votes (migration 010, sort=trending).
 */
type ListColumn = Exclude<SortColumn, null | 'count'> | 'discount_bp' | 'recent_votes';
interface OrderKey {
  expr: RawBuilder<unknown>;
  dir: Dir;
  column?: ListColumn;
  /** The same value as an expression no index can order (for branches that must not be walked in index order). */
  unindexed?: RawBuilder<unknown>;
}

const key = (column: ListColumn | 'id', dir: Dir): OrderKey => ({
  expr: sql.ref(`d.${column}`),
  dir,
  column: column === 'id' ? undefined : column,
  unindexed: column === 'published_at' ? sql`(d.published_at || '')` : sql`(${sql.ref(`d.${column}`)} + 0)`,
});
/** Each sort reads one browse index (status, key, id) of 001-initial in order; id breaks ties the same way. */
const INDEX_ORDERS: Record<DealSort, OrderKey[]> = {
  newest: [key('published_at', 'desc'), key('id', 'desc')],
  hottest: [key('temperature', 'desc'), key('id', 'desc')],
  'getting-warm': [key('hot_score', 'desc'), key('id', 'desc')],
  'price-asc': [key('price_pence', 'asc'), key('id', 'asc')],
  'price-desc': [key('price_pence', 'desc'), key('id', 'desc')],
  'most-commented': [key('comment_count', 'desc'), key('id', 'desc')],
  // Biggest percentage off first; deals without an original price (-1) after every other (discount_bp, migration 008).
  discount: [key('discount_bp', 'desc'), key('id', 'desc')],
  // Most votes in the last 24 h first (deals.recent_votes, deals/lifecycle/counters.ts), then the getting-warm order.
  trending: [key('recent_votes', 'desc'), key('hot_score', 'desc'), key('id', 'desc')],
};
const NEWEST = INDEX_ORDERS.newest;

interface Ctx {
  db: Db;
  filters: BrowseFilters;
  nowIso: string;
}

const INDEX_SUFFIX: Record<ListColumn, string> = {
  published_at: 'published',
  temperature: 'temperature',
  hot_score: 'hot',
  price_pence: 'price',
  comment_count: 'comments',
  discount_bp: 'discount',
  recent_votes: 'trending',
};

/** The sort column as the filters see it: a range on price or temperature stays indexable only when it IS the order. */
const filterColumn = (column: ListColumn | undefined): SortColumn =>
  column === undefined || column === 'discount_bp' || column === 'recent_votes' ? null : column;

/**
 * The browse index that yields this branch in this order: (status, key, id), or (category_id | store_id, status, key,
 * id) when the list is narrowed to one category or store (001 and 002). SQLite is pinned to it with INDEXED BY:
 * given statistics it otherwise likes a skip-scan of another index followed by a sort of the whole range.
 */
function browseIndex(ctx: Ctx, order: OrderKey[]): string | null {
  const column = order[0]?.column;
  if (!column) return null;
  const scope = ctx.filters.categoryId !== undefined ? 'category_status' : ctx.filters.storeId !== undefined ? 'store_status' : 'status';
  return `deals_${scope}_${INDEX_SUFFIX[column]}_idx`;
}

/**
 * How a branch is read: 'in-order' walks the sort's browse index; 'sorted' lets the rows be found by their own index
 * and sorts them (they are few, see StatusBranch.ordered); 'price-range' reads the price range of the price index and
 * sorts it (a narrow price band, see fewInPriceRange).
 */
type Read = 'in-order' | 'sorted' | 'price-range';

interface BranchOptions {
  /** Select the sort keys (k0, k1, ...) for merging several branches. */
  withKeys: boolean;
  read: Read;
  limit: number;
  offset: number;
}

const PRICE_ORDER = [key('price_pence', 'asc')];

/** One status branch, every other filter and `extra`, in `order`: a single index range read in order. */
function branchSql(ctx: Ctx, branch: StatusBranch, extra: RawBuilder<SqlBool> | null, order: OrderKey[], o: BranchOptions) {
  const inOrder = branch.ordered && o.read === 'in-order';
  const byPrice = branch.ordered && o.read === 'price-range';
  const exprs = order.map((k) => (inOrder ? k.expr : (k.unindexed ?? k.expr)));
  // The lapsed branch (few rows) is found by its expiry range: left alone SQLite walks a whole store's active deals.
  const index =
    ctx.db.dialect !== 'sqlite'
      ? null
      : inOrder
        ? browseIndex(ctx, order)
        : byPrice
          ? browseIndex(ctx, PRICE_ORDER)
          : branch.ordered
            ? null
            : 'deals_status_expires_idx';
  const filterColumns = inOrder ? filterColumn(order[0]?.column) : byPrice ? 'price_pence' : null;
  const keys = o.withKeys ? sql`, ${sql.join(exprs.map((e, i) => sql`${e} AS ${sql.raw(`k${i}`)}`))}` : sql``;
  const orderBy = sql.join(exprs.map((e, i) => sql`${e} ${sql.raw(order[i].dir)}`));
  return sql`SELECT d.id${keys} FROM deals AS d${index ? sql.raw(` INDEXED BY ${index}`) : sql``}
    WHERE ${branch.where} AND ${otherFiltersSql(ctx.filters, ctx.db, filterColumns)}${extra ? sql` AND ${extra}` : sql``}
    ORDER BY ${orderBy} LIMIT ${o.limit} OFFSET ${o.offset}`;
}

/**
 * The ids of a page. With one status branch (active) that is one ordered index read; with two (expired, all) each
 * branch reads at most offset + limit rows in index order and the union is merged, so no query sorts a big range.
 */
async function selectIds(
  ctx: Ctx,
  extra: RawBuilder<SqlBool> | null,
  order: OrderKey[],
  offset: number,
  limit: number,
  read: Read = 'in-order',
): Promise<number[]> {
  const branches = statusBranches(ctx.filters.status, ctx.nowIso);
  let query: RawBuilder<{ id: number }>;
  if (branches.length === 1) {
    query = sql<{ id: number }>`${branchSql(ctx, branches[0], extra, order, { withKeys: false, read, limit, offset })}`;
  } else {
    const parts = branches.map(
      (b, i) => sql`SELECT * FROM (${branchSql(ctx, b, extra, order, { withKeys: true, read, limit: offset + limit, offset: 0 })}) AS ${sql.raw(`b${i}`)}`,
    );
    const outerOrder = sql.join(order.map((k, i) => sql`${sql.raw(`merged.k${i}`)} ${sql.raw(k.dir)}`));
    query = sql<{ id: number }>`SELECT merged.id FROM (${sql.join(parts, sql` UNION ALL `)}) AS merged ORDER BY ${outerOrder} LIMIT ${limit} OFFSET ${offset}`;
  }
  const { rows } = await query.execute(ctx.db.kysely);
  return rows.map((r) => Number(r.id));
}

/**
 * Rows matching a predicate and every non-status filter; `indexedBy` pins SQLite to the index that makes it cheap.
 * With `atMost`, counting stops there (a bounded list's total, see LIST_COUNT_CAP).
 */
async function countMatching(ctx: Ctx, where: RawBuilder<SqlBool>, indexedBy?: string, atMost?: number): Promise<number> {
  const hint = indexedBy && ctx.db.dialect === 'sqlite' ? sql.raw(` INDEXED BY ${indexedBy}`) : sql``;
  const parsed = parseSearch(ctx.filters.search);
  const searching = parsed.groups.length > 0;
  let filtered = sql`FROM deals AS d${hint} WHERE ${where} AND ${otherFiltersSql(ctx.filters, ctx.db, 'count')}`;
  if (atMost !== undefined && searching && ctx.db.dialect === 'sqlite') {
    // A capped search count streams the full-text matches and stops at the cap (CROSS JOIN keeps deals_fts outside):
    // `d.id IN (matches)` would first collect every match, 73k for "pack" at a million deals, three times the cost.
    // With no filter but the status, each match's status and expiry come from the narrow deals_id_live_idx
    // (migration 011), not from its row.
    const plain: BrowseFilters = { status: ctx.filters.status, search: ctx.filters.search, activeFirst: ctx.filters.activeFirst };
    const covered = filtersKey(plain) === filtersKey(ctx.filters) ? sql.raw(' INDEXED BY deals_id_live_idx') : sql``;
    const rest = otherFiltersSql({ ...ctx.filters, search: undefined }, ctx.db, 'count');
    filtered = sql`FROM deals_fts AS f CROSS JOIN deals AS d${covered} ON d.id = f.rowid WHERE f.deals_fts MATCH ${ftsMatch(ftsQuery(ctx.db, parsed))} AND ${where} AND ${rest}`;
  } else if (atMost !== undefined && searching) {
    // PostgreSQL, given the status equality, ANDs the full-text bitmap with one of the status index: 742k entries read
    // at a million deals to count 1,001 matches (50-90 ms). IS TRUE keeps the status out of the index scan (the matched
    // rows are tested instead) but not out of the row estimate, which stays the equality's.
    filtered = sql`FROM deals AS d WHERE (${where}) IS TRUE AND ${otherFiltersSql(ctx.filters, ctx.db, 'count')}`;
  }
  const query =
    atMost === undefined
      ? sql<{ n: number }>`SELECT COUNT(*) AS n ${filtered}`
      : sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT 1 ${filtered} LIMIT ${atMost}) AS capped`;
  const { rows } = await query.execute(ctx.db.kysely);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A search's total, and a list narrowed by price or deal type, is counted up to this many deals; past it the list
 * says "1,000+ deals" and pages up to it. A common word matches tens of thousands of deals at a million, a category's
 * price band hundreds of thousands at ten million, and counting each of them costs far more than the page itself, for
 * a number nobody pages to the end of (docs/notes/deals-api.md, "Totals").
 */
export const LIST_COUNT_CAP = 1000;

/**
 * The size of the filtered set, from index-only counts: "active and not lapsed" is counted as all active minus the
 * lapsed ones (a short range of the (status, expires_at) index), never by testing every row's expiry. With `cap`,
 * counting stops once the answer is known to be at least `cap` (it is then `cap` or more, never less than the truth).
 */
async function countFiltered(ctx: Ctx, cap?: number): Promise<number> {
  // Left to itself SQLite counts lapsed deals of a store by testing the expiry of every deal of the store; PostgreSQL,
  // misled by status and expiry being independent in its statistics, read a whole category. So the few lapsed deals
  // are found once (lapsedIds) and each filter counts among those ids.
  const lapsedWhere = sql<SqlBool>`d.status = 'active' AND d.expires_at <= ${ctx.nowIso}`;
  const lapsed = async () => {
    const ids = await lapsedIds(ctx);
    if (ids === null) return countMatching(ctx, lapsedWhere, 'deals_status_expires_idx');
    return ids.length === 0 ? 0 : countMatching(ctx, sql<SqlBool>`d.id IN (${sql.join(ids)})`);
  };
  const withStatus = (status: string, atMost?: number) => countMatching(ctx, sql<SqlBool>`d.status = ${status}`, undefined, atMost);
  if (hasSearch(ctx.filters)) {
    const live = await liveSearch(ctx);
    if (live) {
      const few = await fewLiveMatches(ctx, live);
      return few ? few.all.length : countLiveMatches(ctx.db, ftsMatch(live.query), live.lapsed, cap);
    }
    if (cap !== undefined && (await surelyAtLeast(ctx, cap))) return cap;
    return countMatching(ctx, statusSql(ctx.filters.status, ctx.nowIso), undefined, cap);
  }
  switch (ctx.filters.status) {
    case 'active': {
      // The lapsed ones first: with a cap, the active count must reach past them to be sure of `cap` live deals.
      const gone = await lapsed();
      return (await withStatus('active', cap === undefined ? undefined : cap + gone)) - gone;
    }
    case 'expired': {
      const expired = await withStatus('expired', cap);
      return cap !== undefined && expired >= cap ? expired : expired + (await lapsed());
    }
    default: {
      let total = 0;
      for (const status of PUBLIC_STATUSES) {
        if (cap !== undefined && total >= cap) break;
        total += await withStatus(status, cap === undefined ? undefined : cap - total);
      }
      return total;
    }
  }
}

/** More lapsed deals than this are counted by their range instead (a sweep that has not run for a long while). */
const LAPSED_IDS_MAX = 1000;

/**
 * The active deals already past their expiry date: the expiry sweep marks them expired every minute, so they are a
 * minute's worth, read once from the (status, expires_at) range and kept like the counts (30 s, dropped on any deal
 * write). null when there are more than LAPSED_IDS_MAX.
 */
function lapsedIds(ctx: Ctx): Promise<number[] | null> {
  return cached(ctx.db, 'lapsed-ids', false, async () => {
    // In the index's order: PostgreSQL, expecting many such rows, would otherwise scan the table for LIMIT of them.
    const hint = ctx.db.dialect === 'sqlite' ? sql.raw(' INDEXED BY deals_status_expires_idx') : sql``;
    const { rows } = await sql<{
      id: number;
    }>`SELECT d.id FROM deals AS d${hint} WHERE d.status = 'active' AND d.expires_at <= ${ctx.nowIso} ORDER BY d.expires_at LIMIT ${LAPSED_IDS_MAX + 1}`.execute(
      ctx.db.kysely,
    );
    return rows.length > LAPSED_IDS_MAX ? null : rows.map((r) => Number(r.id));
  });
}

/** A search of live deals and nothing else (the search box's request): the parsed search and the lapsed ids, else null. */
async function plainLiveSearch(ctx: Ctx): Promise<{ parsed: ParsedSearch; lapsed: number[] } | null> {
  const { filters } = ctx;
  if (filters.status !== 'active') return null;
  const parsed = parseSearch(filters.search);
  if (parsed.groups.length === 0 || filtersKey({ status: 'active', search: filters.search }) !== filtersKey(filters)) return null;
  const lapsed = await lapsedIds(ctx);
  return lapsed === null ? null : { parsed, lapsed };
}

/**
 * SQLite: a plain live search is answered by the live full-text index alone (live-search.ts), unless some id is past
 * that index's range. Its terms come back as FTS5 expressions (search-words.ts).
 */
async function liveSearch(ctx: Ctx): Promise<{ query: FtsQuery; lapsed: number[] } | null> {
  if (ctx.db.dialect !== 'sqlite') return null;
  const search = await plainLiveSearch(ctx);
  return search && (await liveIndexCovers(ctx.db)) ? { query: ftsQuery(ctx.db, search.parsed), lapsed: search.lapsed } : null;
}

/**
 * PostgreSQL: whether a plain live search of one typed word (no synonym, no exclusion: the bound is one word's) surely
 * reaches `cap` matches, by the lexeme counts alone.
 */
async function surelyAtLeast(ctx: Ctx, cap: number): Promise<boolean> {
  if (ctx.db.dialect !== 'postgres') return false;
  const search = await plainLiveSearch(ctx);
  const only = search?.parsed.groups.length === 1 && search.parsed.excluded.length === 0 ? search.parsed.groups[0].forms : [];
  if (!search || only.length !== 1 || only[0].words.length !== 1 || !only[0].prefix) return false;
  return (await liveMatchesAtLeast(ctx.db, only[0].words[0], search.lapsed.length)) >= cap;
}

/**
 * A live search with at most this many matches is read whole, once (fewLiveMatches): a page's worth. The title test is a
 * seek per match (~50 us each at a million deals), so a few dozen at most.
 */
const FEW_LIVE_MATCHES = 30;

/**
 * All the matches of a live search, newest first, with those in the title, when there are at most FEW_LIVE_MATCHES;
 * null when there are more. A rare match (a phrase of two common words, most often found nowhere) costs a pass over
 * the lists of its words, however few it finds: its page's title part, its other part and its total would be three
 * such passes. Read once here, for the page and the total alike (kept like the counts): one pass, and the title test
 * of those few rows by rowid. A common search stops after FEW_LIVE_MATCHES + 1 rows (its newest, a short read) and goes
 * the usual way.
 */
function fewLiveMatches(ctx: Ctx, live: { query: FtsQuery; lapsed: number[] }): Promise<{ all: number[]; title: number[] } | null> {
  const match = ftsMatch(live.query);
  return cached(ctx.db, `few-live:${match}:${live.lapsed.join(',')}`, false, async () => {
    const few = await fewLiveMatchIds(ctx.db, match, ftsMatch(live.query, 'title'), live.lapsed, FEW_LIVE_MATCHES);
    return few && { all: few.all, title: few.narrower };
  });
}

/** Live matches newest first: title matches, then the rest (the order `listing` gives a search). */
function liveListing(ctx: Ctx, live: { query: FtsQuery; lapsed: number[] }): Segment {
  const part = (match: string): Segment => ({
    ids: (offset, limit) => liveMatchIds(ctx.db, match, live.lapsed, offset, limit),
    size: () => countLiveMatches(ctx.db, match, live.lapsed),
  });
  const usual = concat(part(ftsMatch(live.query, 'title')), part(ftsRestMatch(live.query)));
  return {
    async ids(offset, limit) {
      const few = await fewLiveMatches(ctx, live);
      if (!few) return usual.ids(offset, limit);
      const inTitle = new Set(few.title);
      return [...few.title, ...few.all.filter((id) => !inTitle.has(id))].slice(offset, offset + limit);
    },
    async size() {
      const few = await fewLiveMatches(ctx, live);
      return few ? few.all.length : usual.size();
    },
  };
}

/** Filtered rows that also match `extra`, branch by branch. */
async function countWhere(ctx: Ctx, extra: RawBuilder<SqlBool>): Promise<number> {
  let n = 0;
  for (const branch of statusBranches(ctx.filters.status, ctx.nowIso)) n += await countMatching(ctx, sql<SqlBool>`${branch.where} AND ${extra}`);
  return n;
}

/** An ordered part of a list: a page of its ids, and (only when a later part must be reached) its size. */
interface Segment {
  ids(offset: number, limit: number): Promise<number[]>;
  size(): Promise<number>;
}

/**
 * Two segments that partition a set, one after the other: the first is read with OFFSET directly; only when it runs
 * out do we need its size, to know where the second starts.
 */
function concat(first: Segment, second: Segment): Segment {
  return {
    async ids(offset, limit) {
      const a = await first.ids(offset, limit);
      if (a.length === limit) return a;
      const sizeOfFirst = a.length > 0 ? offset + a.length : await first.size();
      const b = await second.ids(Math.max(0, offset - sizeOfFirst), limit - a.length);
      return [...a, ...b];
    },
    async size() {
      return (await first.size()) + (await second.size());
    },
  };
}

const both = (a: RawBuilder<SqlBool> | null, b: RawBuilder<SqlBool>) => (a ? sql<SqlBool>`${a} AND ${b}` : b);

/**
 * Whether a price band is narrow enough to read by the price index and sort (cost ~ deals in the band) rather than
 * walk the sort index testing each deal's price (cost ~ page end x deals in scope / deals in the band): the same
 * break-even as a search's (band^2 vs page end x deals in scope). "£200+ in Groceries" (a few dozen deals of 40,000)
 * reads those few dozen, "under £50" walks a page's worth. The scope's count is a cached list count (few keys); the
 * band is counted only up to the break-even, a few thousand index entries at most, whatever the band's size.
 */
async function fewInPriceRange(ctx: Ctx, order: OrderKey[], pageEnd: number): Promise<boolean> {
  const f = ctx.filters;
  if ((f.minPence === undefined && f.maxPence === undefined) || order[0]?.column === 'price_pence' || hasSearch(f)) return false;
  const inScope = await countDeals(ctx.db, { filters: { status: f.status, categoryId: f.categoryId, storeId: f.storeId }, now: new Date(ctx.nowIso) });
  const breakEven = Math.ceil(Math.sqrt(pageEnd * inScope));
  const inBand = await cachedCount(ctx.db, `upTo${breakEven}:${filtersKey(f)}`, dependsOnVotes(f), () => countFiltered(ctx, breakEven));
  return inBand * inBand < pageEnd * inScope;
}

function ordered(ctx: Ctx, extra: RawBuilder<SqlBool> | null, order: OrderKey[], read: Read = 'in-order'): Segment {
  return {
    async ids(o, l) {
      const byPrice = read === 'in-order' && extra === null && (await fewInPriceRange(ctx, order, o + l));
      return selectIds(ctx, extra, order, o, l, byPrice ? 'price-range' : read);
    },
    size: () => (extra ? countWhere(ctx, extra) : countFiltered(ctx)),
  };
}

/**
 * The filtered set (narrowed by `extra`) in the order of a sort, as index-ordered segments; with read 'sorted', found
 * by `extra`'s own index and sorted (a search part with few matches).
 */
function sorted(ctx: Ctx, sort: DealSort, extra: RawBuilder<SqlBool> | null, read: Read = 'in-order'): Segment {
  if (sort === 'price-asc' || sort === 'price-desc') {
    // Deals without a price (some scraped ones) come after every priced deal, newest first; they are few, so they are
    // found through the price index (IS NULL) and sorted.
    return concat(
      ordered(ctx, both(extra, sql<SqlBool>`d.price_pence IS NOT NULL`), INDEX_ORDERS[sort], read),
      ordered(ctx, both(extra, sql<SqlBool>`d.price_pence IS NULL`), NEWEST, 'sorted'),
    );
  }
  return ordered(ctx, extra, INDEX_ORDERS[sort], read);
}

/** A segment made when first read (its plan needs a query that a page may never have to run). */
function lazy(make: () => Promise<Segment>): Segment {
  let made: Promise<Segment> | undefined;
  const get = () => (made ??= make());
  return { ids: async (o, l) => (await get()).ids(o, l), size: async () => (await get()).size() };
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
  return { db, filters: req.filters, nowIso: now.toISOString() };
}

/** Which matches of a search: all of them, those in the title, or those elsewhere only. */
type MatchPart = 'any' | 'title' | 'rest';

/**
 * Whether a search (or one part of it) should walk the sort index and test each deal against the match (cost ~ rows
 * walked, about page end x live deals / matches) rather than fetch every match and sort (cost ~ matches). Walking
 * wins once matches^2 > page end x live deals: "samsung" on 1M deals (20k matches) walks ~1,500 index entries, not
 * 20k rows. Each part decides for itself: "phone" matches 25k deals through the "Mobile Phones" category but almost
 * no title, and walking for title matches that are not there would read the whole index. Matches are counted up to
 * the break-even only: whether they pass it is all that matters. (SQLite: its planner does not weigh LIMIT.)
 */
async function manyMatches(ctx: Ctx, part: MatchPart, pageEnd: number): Promise<boolean> {
  const parsed = parseSearch(ctx.filters.search);
  if (parsed.groups.length === 0) return false;
  const live = await countDeals(ctx.db, { filters: { status: ctx.filters.status }, now: new Date(ctx.nowIso) });
  const breakEven = Math.ceil(Math.sqrt(pageEnd * live));
  const exprs = ftsQuery(ctx.db, parsed);
  const fts = part === 'any' ? ftsMatch(exprs) : part === 'title' ? ftsMatch(exprs, 'title') : ftsRestMatch(exprs);
  const { rows } = await sql<{
    n: number;
  }>`SELECT COUNT(*) AS n FROM (SELECT rowid FROM deals_fts WHERE deals_fts MATCH ${fts} LIMIT ${breakEven + 1}) AS m`.execute(ctx.db.kysely);
  return Number(rows[0]?.n ?? 0) > breakEven;
}

/**
 * PostgreSQL: whether a search has few enough matches to fetch them all and sort (manyMatches' break-even: matches^2 <
 * page end x deals of the status) rather than walk the sort's index testing each deal. Live deals first try the bound
 * the lexeme counts give (lexeme-counts.ts liveMatchesAtMost), which is one word's count. Several words (a phrase,
 * words together, an exclusion) are bounded only by their rarest and most often match far fewer deals: a walk for a
 * phrase of two common words found nothing and passed over the whole index (over 30 s at ten million deals, the
 * statement timeout). So then, and for other statuses, the list's own total decides: counted up to LIST_COUNT_CAP
 * through the full-text index (a cost bounded by the deals holding every word), and the same cached count the page's
 * total asks for at the same moment. Past the cap, matches are dense enough to walk for.
 */
async function fewPgMatches(ctx: Ctx, pageEnd: number): Promise<boolean> {
  const parsed = parseSearch(ctx.filters.search);
  const now = new Date(ctx.nowIso);
  const scope = await countDeals(ctx.db, { filters: { status: ctx.filters.status }, now });
  const forms = parsed.groups.length === 1 && parsed.excluded.length === 0 ? parsed.groups[0].forms : [];
  const oneWord = forms.length === 1 && forms[0].words.length === 1;
  if (ctx.filters.status === 'active') {
    const bound = await liveMatchesAtMost(ctx.db, parsed);
    if (bound !== null && bound * bound * (oneWord ? PG_FETCH_COST : 1) < pageEnd * scope) return true;
    if (bound !== null && oneWord) return false;
  }
  const matches = await countForPage(ctx.db, { filters: ctx.filters, now });
  return !matches.capped && matches.total * matches.total < pageEnd * scope;
}

/**
 * PostgreSQL: what fetching one match costs (a heap page through the bitmap, then the sort) against testing one entry of
 * the walked index (index-only: the entry carries title_vector). Measured at a million deals (docs/notes/search.md):
 * ~4,600 matches of one word fetched and sorted took 14-70 ms, walking ~4,300 entries for a page ~2 ms: about 16 to 1.
 */
const PG_FETCH_COST = 16;

/** The filtered set in the sort's order, for one status filter. Every shape here is served by an index. */
function listing(ctx: Ctx, sort: DealSort): Segment {
  if (!hasSearch(ctx.filters)) return sorted(ctx, sort, null);
  if (sort === 'newest') {
    // The search box's list: the live index when it can answer, else the general plan below.
    return lazy(async () => {
      const live = await liveSearch(ctx);
      return live ? liveListing(ctx, live) : searchListing(ctx, sort);
    });
  }
  return searchListing(ctx, sort);
}

/** A search in the sort's order: title matches first, each part walked or fetched as its number of matches says. */
function searchListing(ctx: Ctx, sort: DealSort): Segment {
  const search = ctx.filters.search as string;
  return {
    size: () => countFiltered(ctx),
    async ids(offset, limit) {
      const pageEnd = offset + limit;
      const plain = { ...ctx, filters: { ...ctx.filters, search: undefined } };
      const inTitle = titleSearchSql(search, ctx.db);
      const inRest = sql<SqlBool>`${searchSql(search, ctx.db)} AND NOT ${inTitle}`;
      if (ctx.db.dialect === 'postgres') {
        // PostgreSQL weighs LIMIT against its estimate of each part (the tsvector statistics of title_vector and
        // search_vector) and chooses between walking the sort index and fetching the matches itself. A word in no
        // deal (a typo) is estimated like any prefix, so it walked the whole index for matches that are not there
        // (1.1-1.6 s at a million deals): when the lexeme counts bound the matches below the break-even, they are
        // fetched through the full-text index and sorted, which the planner is not left to choose.
        const read: Read = (await fewPgMatches(ctx, pageEnd)) ? 'sorted' : 'in-order';
        return concat(sorted(plain, sort, inTitle, read), sorted(plain, sort, inRest, read)).ids(offset, limit);
      }
      // The title's matches are among all matches: many of them settles both questions with one count.
      const titleMany = await manyMatches(ctx, 'title', pageEnd);
      if (titleMany || (await manyMatches(ctx, 'any', pageEnd))) {
        // Title matches first, then the other matches, each in the sort's order: walked (membership tested per deal)
        // when that part has many matches, else fetched and sorted.
        const titles = sorted(plain, sort, inTitle, titleMany ? 'in-order' : 'sorted');
        const rest = lazy(async () => sorted(plain, sort, inRest, (await manyMatches(ctx, 'rest', pageEnd)) ? 'in-order' : 'sorted'));
        return concat(titles, rest).ids(offset, limit);
      }
      // Few matches: fetch them all by the full-text index and sort (title matches first, then the chosen order).
      const rank: OrderKey = { expr: titleRankSql(search, ctx.db), dir: 'asc' };
      let order: OrderKey[];
      if (sort === 'price-asc' || sort === 'price-desc') {
        order = [{ expr: sql`CASE WHEN d.price_pence IS NULL THEN 1 ELSE 0 END`, dir: 'asc' }, ...INDEX_ORDERS[sort]];
      } else order = INDEX_ORDERS[sort];
      return selectIds(ctx, null, [rank, ...order], offset, limit);
    },
  };
}

/**
 * status=all with activeFirst lists live deals first, then the expired ones (expired, or past their expiry date),
 * each part in the sort's order (a store page: its active deals, then its history). Each part is its own
 * index-ordered read; the second is reached through the first's size, a cached count.
 */
function activeFirst(ctx: Ctx, sort: DealSort): Segment {
  if (ctx.filters.status !== 'all' || !ctx.filters.activeFirst) return listing(ctx, sort);
  const part = (status: BrowseStatus): Segment => {
    const c: Ctx = { ...ctx, filters: { ...ctx.filters, status } };
    return { ids: listing(c, sort).ids, size: () => countDeals(c.db, { filters: c.filters, now: new Date(c.nowIso) }) };
  };
  return concat(part('active'), part('expired'));
}

/** The ids of one page, in order. Every shape here is served by an index (see docs/notes/deals-api.md). */
export async function listDealIds(db: Db, req: ListRequest): Promise<number[]> {
  return activeFirst(context(db, req), req.sort).ids(req.offset, req.limit);
}

/** Size of the filtered set (every sort orders the same set). Cached briefly, see count-cache.ts. */
export function countDeals(db: Db, req: Pick<ListRequest, 'filters' | 'now'>): Promise<number> {
  const ctx = context(db, req);
  return cachedCount(db, filtersKey(req.filters), dependsOnVotes(req.filters), () => countFiltered(ctx));
}

/** The total a list page shows: exact, except a bounded list's, which stops at LIST_COUNT_CAP (`capped`: there are more). */
export async function countForPage(db: Db, req: Pick<ListRequest, 'filters' | 'now'>): Promise<{ total: number; capped: boolean }> {
  if (!countIsBounded(req.filters)) return { total: await countDeals(db, req), capped: false };
  const ctx = context(db, req);
  const n = await cachedCount(db, `capped:${filtersKey(req.filters)}`, dependsOnVotes(req.filters), () => countFiltered(ctx, LIST_COUNT_CAP + 1));
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total: n, capped: false };
}
