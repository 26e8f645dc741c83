import { type RawBuilder, sql, type SqlBool } from 'kysely';
import { toPence } from '../../../../shared/domain/money.js';
import type { DealListQuery, DealType } from '../../../../shared/schemas/deals/deals.js';
import type { Db } from '../../../db/connection.js';
import { type ParsedSearch, parseSearch, type SearchForm } from '../../../../shared/domain/search/query.js';
import { ftsMatch, tsPrefixTerm } from '../search/search.js';
import { ftsQuery } from '../search/search-words.js';
import { PUBLIC_STATUSES } from '../../../../shared/domain/deals/deal-visibility.js';

export type BrowseStatus = 'active' | 'expired' | 'all';

/** What narrows a public deal list; every field maps to one predicate on `deals as d`. */
export interface BrowseFilters {
  status: BrowseStatus;
  search?: string;
  categoryId?: number;
  storeId?: number;
  minPence?: number;
  maxPence?: number;
  /** Combined with OR: a deal of any chosen type matches. */
  dealTypes?: DealType[];
  excludeId?: number;
  /** Deals listed already (a search's exact matches, above its near spellings: list-service.ts). */
  excludeIds?: number[];
  /** Only deals with temperature > 0 (the getting-warm row). */
  warmOnly?: boolean;
  /** status=all only: live deals first, then expired ones (list-query.ts activeFirst). Orders; never narrows. */
  activeFirst?: boolean;
}

/** GET /api/deals's query (and the browse feed's, which takes the same parameters) as list filters. */
export function browseFiltersFromQuery(q: DealListQuery): BrowseFilters {
  return {
    status: q.status,
    search: q.search || q.query || undefined,
    categoryId: q.category === 'all' ? undefined : q.category,
    storeId: q.store === 'all' ? undefined : q.store,
    minPence: q.minPrice !== undefined ? toPence(q.minPrice) : undefined,
    maxPence: q.maxPrice !== undefined ? toPence(q.maxPrice) : undefined,
    dealTypes: q.dealType,
    activeFirst: q.activeFirst || undefined,
  };
}

const HOT_ABOVE = 25;

/** Far future: a deal without an expiry date never lapses. */
const NEVER = '9999-12-31T23:59:59.999Z';

/**
 * ARCHITECTURE §5: a deal is expired when its status says so or its expiry is past. Timestamps are ISO strings, so
 * comparing text compares time. The expiry test is written as one COALESCE expression on purpose: an OR over
 * expires_at tempts SQLite into a multi-index OR plan that reads every row, while this form leaves the
 * (status, sort key) index to deliver rows in order and checks expiry on the few rows read.
 */
export function statusSql(status: BrowseStatus, nowIso: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    statusBranches(status, nowIso).map((b) => b.where),
    sql` OR `,
  )})`;
}

export interface StatusBranch {
  where: RawBuilder<SqlBool>;
  /**
   * False for the lapsed-but-still-active branch: it is small (expiry-sweep.ts marks lapsed deals expired every
   * minute), so it is read by the (status, expires_at) index and sorted, never by walking every active deal in order.
   */
  ordered: boolean;
}

/**
 * The status filter as disjoint branches, each one status value (an equality the browse indexes start with) plus an
 * expiry check: a list query reads each branch in index order and merges them.
 */
export function statusBranches(status: BrowseStatus, nowIso: string): StatusBranch[] {
  const live = sql<SqlBool>`(d.status = 'active' AND COALESCE(d.expires_at, ${NEVER}) > ${nowIso})`;
  const lapsed = sql<SqlBool>`(d.status = 'active' AND d.expires_at <= ${nowIso})`;
  if (status === 'active') return [{ where: live, ordered: true }];
  if (status === 'expired')
    return [
      { where: sql<SqlBool>`d.status = 'expired'`, ordered: true },
      { where: lapsed, ordered: false },
    ];
  // all: every public status, each its own branch (a literal, so the SQL text and the partial indexes it meets stay as they were).
  return PUBLIC_STATUSES.map((s) => ({ where: sql<SqlBool>`d.status = ${sql.lit(s)}`, ordered: true }));
}

/**
 * A column in a filter. SQLite's planner does not weigh LIMIT: given a range on price it reads the whole range and
 * sorts it (100k+ rows for a price bucket) instead of walking the sort index and stopping after a page. A unary plus
 * (valid on both engines) keeps the index out of reach unless the list is sorted by that very column, where the
 * range IS the ordered read. Counts ('count') read ranges of covering indexes, so there every column stays indexable.
 */
export type SortColumn = 'published_at' | 'temperature' | 'hot_score' | 'price_pence' | 'comment_count' | null | 'count';
const col = (column: 'price_pence' | 'temperature', sortColumn: SortColumn) =>
  sql.raw(column === sortColumn || sortColumn === 'count' ? `d.${column}` : `+d.${column}`);

/** Deal types of ARCHITECTURE §5: hot > 25, warm 1..25, free = price 0, discounted = original above price. */
function dealTypeSql(type: DealType, sortColumn: SortColumn): RawBuilder<SqlBool> {
  switch (type) {
    case 'hot':
      return sql<SqlBool>`${col('temperature', sortColumn)} > ${HOT_ABOVE}`;
    case 'warm':
      return sql<SqlBool>`${col('temperature', sortColumn)} BETWEEN 1 AND ${HOT_ABOVE}`;
    case 'free':
      return sql<SqlBool>`${col('price_pence', sortColumn)} = 0`;
    case 'discounted':
      return sql<SqlBool>`d.original_price_pence > +d.price_pence`;
  }
}

/**
 * A typed word as a prefix of the stemmed word ('fryers' -> 'fryer') or of the word as written ('fry' -> 'fryer',
 * which the English stemmer would turn into 'fri').
 */
function tsPrefixSql(t: string): RawBuilder<unknown> {
  const simple = sql`to_tsquery('simple', ${tsPrefixTerm(t)})`;
  const english = sql`to_tsquery('english', ${tsPrefixTerm(t)})`;
  // Each prefix is its own scan of the GIN index. Most words stem to a prefix of themselves ('gift' -> 'gift',
  // 'oled' -> 'ole'), and then the stem's prefix already matches everything the word's does: one scan, not two
  // (half the cost of a common word at a million deals). PostgreSQL folds this CASE when it plans, as the terms are
  // known then. A stop word has no stem (numnode 0) and keeps the word as written.
  const stemIsPrefix = sql`numnode(${english}) > 0 AND starts_with(querytree(${simple}), rtrim(querytree(${english}), ${":*'"}))`;
  return sql`(CASE WHEN ${stemIsPrefix} THEN ${english} ELSE ${simple} || ${english} END)`;
}

/** One form: a typed word as a prefix, anything else as its stemmed word or phrase (words adjacent). */
const tsFormSql = (f: SearchForm): RawBuilder<unknown> =>
  f.words.length === 1 && f.prefix ? tsPrefixSql(f.words[0]) : sql`phraseto_tsquery('english', ${f.words.join(' ')})`;

/** Every group must match, each by any of its forms. */
function tsQuerySql(parsed: ParsedSearch): RawBuilder<unknown> {
  const each = parsed.groups.map((g) => (g.forms.length === 1 ? tsFormSql(g.forms[0]) : sql`(${sql.join(g.forms.map(tsFormSql), sql` || `)})`));
  return sql`(${sql.join(each, sql` && `)})`;
}

/** PostgreSQL: none of the excluded forms in the deal's text (empty when nothing is excluded). */
function tsExcludedSql(parsed: ParsedSearch): RawBuilder<unknown> {
  if (parsed.excluded.length === 0) return sql``;
  return sql` AND NOT (d.search_vector @@ (${sql.join(parsed.excluded.map(tsFormSql), sql` || `)}))`;
}

/**
 * Every group matches the deal's text (title, description, store, category), no exclusion does. The database's own
 * words: see search-words.ts. A search is parsed by shared/domain/search/query.ts (synonyms, phrases, exclusions).
 */
export function searchSql(search: string, db: Db): RawBuilder<SqlBool> {
  const parsed = parseSearch(search);
  if (parsed.groups.length === 0) return sql<SqlBool>`1 = 0`;
  if (db.dialect === 'sqlite') return sql<SqlBool>`d.id IN (SELECT rowid FROM deals_fts WHERE deals_fts MATCH ${ftsMatch(ftsQuery(db, parsed))})`;
  return sql<SqlBool>`(d.search_vector @@ ${tsQuerySql(parsed)}${tsExcludedSql(parsed)})`;
}

/** Every group matches the title (searchSql's groups, on the title alone), no exclusion matches anywhere. */
export function titleSearchSql(search: string, db: Db): RawBuilder<SqlBool> {
  const parsed = parseSearch(search);
  if (parsed.groups.length === 0) return sql<SqlBool>`1 = 0`;
  if (db.dialect === 'sqlite') return sql<SqlBool>`d.id IN (SELECT rowid FROM deals_fts WHERE deals_fts MATCH ${ftsMatch(ftsQuery(db, parsed), 'title')})`;
  // The title's own vector (migration 010): its GIN index answers without rechecking rows, as a weight could not.
  return sql<SqlBool>`(d.title_vector @@ ${tsQuerySql(parsed)}${tsExcludedSql(parsed)})`;
}

/** 0 when every group matches the title, else 1: the first sort key of a search. */
export function titleRankSql(search: string, db: Db): RawBuilder<number> {
  return sql<number>`CASE WHEN ${titleSearchSql(search, db)} THEN 0 ELSE 1 END`;
}

export const hasSearch = (f: BrowseFilters) => f.search !== undefined && f.search.trim() !== '';

/** Every filter but the status (see statusBranches). */
export function otherFiltersSql(f: BrowseFilters, db: Db, sortColumn: SortColumn = null): RawBuilder<SqlBool> {
  // The unary plus is for SQLite's planner only: PostgreSQL weighs LIMIT itself, and a hidden column would cost it the
  // statistics it estimates a price band with (it then walked a whole category for a rare band).
  if (db.dialect === 'postgres') sortColumn = 'count';
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (f.categoryId !== undefined) parts.push(sql`d.category_id = ${f.categoryId}`);
  if (f.storeId !== undefined) parts.push(sql`d.store_id = ${f.storeId}`);
  if (f.minPence !== undefined) parts.push(sql`${col('price_pence', sortColumn)} >= ${f.minPence}`);
  if (f.maxPence !== undefined) parts.push(sql`${col('price_pence', sortColumn)} <= ${f.maxPence}`);
  if (f.dealTypes && f.dealTypes.length > 0) {
    const types = [...new Set(f.dealTypes)].map((t) => dealTypeSql(t, sortColumn));
    parts.push(sql`(${sql.join(types, sql` OR `)})`);
  }
  if (f.excludeId !== undefined) parts.push(sql`d.id <> ${f.excludeId}`);
  if (f.excludeIds && f.excludeIds.length > 0) parts.push(sql`d.id NOT IN (${sql.join(f.excludeIds)})`);
  if (f.warmOnly) parts.push(sql`${col('temperature', sortColumn)} > 0`);
  if (hasSearch(f)) parts.push(searchSql(f.search as string, db));
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** A stable key of the filters (not the sort or page) for the count cache. */
export function filtersKey(f: BrowseFilters): string {
  return JSON.stringify([
    f.status,
    f.search?.trim().toLowerCase() ?? '',
    f.categoryId,
    f.storeId,
    f.minPence,
    f.maxPence,
    [...new Set(f.dealTypes ?? [])].sort(),
    f.excludeId,
    !!f.warmOnly,
    ...(f.excludeIds?.length ? [f.excludeIds] : []),
  ]);
}

/** Counts that move when someone votes (temperature-based filters). */
export const dependsOnVotes = (f: BrowseFilters) => !!f.warmOnly || (f.dealTypes ?? []).some((t) => t === 'hot' || t === 'warm');

/**
 * Lists whose total stops at LIST_COUNT_CAP (list-query.ts): a search, or a price band or deal type, whose combinations
 * are too many to keep counted. A status, category or store alone has few keys, each counted exactly and kept
 * (count-cache.ts).
 */
export const countIsBounded = (f: BrowseFilters) =>
  hasSearch(f) || f.minPence !== undefined || f.maxPence !== undefined || (f.dealTypes !== undefined && f.dealTypes.length > 0);
