import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { DealType } from '../../../shared/schemas/deals.js';
import type { Dialect } from '../../db/connection.js';
import { ftsMatch, searchTerms, tsPrefixTerm } from './search.js';

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
  /** Only deals with temperature > 0 (the getting-warm row). */
  warmOnly?: boolean;
}

const HOT_ABOVE = 25;

/**
 * ARCHITECTURE §5: a deal is expired when its status says so or its expiry is past. Timestamps are ISO strings,
 * so comparing text compares time.
 */
export function statusSql(status: BrowseStatus, nowIso: string): RawBuilder<SqlBool> {
  if (status === 'active') return sql<SqlBool>`(d.status = 'active' AND (d.expires_at IS NULL OR d.expires_at > ${nowIso}))`;
  if (status === 'expired') return sql<SqlBool>`(d.status = 'expired' OR (d.status = 'active' AND d.expires_at <= ${nowIso}))`;
  return sql<SqlBool>`d.status IN ('active', 'expired')`;
}

/** Deal types of ARCHITECTURE §5: hot > 25, warm 1..25, free = price 0, discounted = original above price. */
function dealTypeSql(type: DealType): RawBuilder<SqlBool> {
  switch (type) {
    case 'hot':
      return sql<SqlBool>`d.temperature > ${HOT_ABOVE}`;
    case 'warm':
      return sql<SqlBool>`d.temperature BETWEEN 1 AND ${HOT_ABOVE}`;
    case 'free':
      return sql<SqlBool>`d.price_pence = 0`;
    case 'discounted':
      return sql<SqlBool>`d.original_price_pence > d.price_pence`;
  }
}

/**
 * Every term must match, as a prefix of the stemmed word ('fryers' -> 'fryer') or of the word as written ('fry' ->
 * 'fryer', which the English stemmer would turn into 'fri').
 */
function tsQuerySql(terms: string[], weight?: 'A'): RawBuilder<unknown> {
  const each = terms.map((t) => sql`(to_tsquery('simple', ${tsPrefixTerm(t, weight)}) || to_tsquery('english', ${tsPrefixTerm(t, weight)}))`);
  return sql`(${sql.join(each, sql` && `)})`;
}

export function searchSql(search: string, dialect: Dialect): RawBuilder<SqlBool> {
  const terms = searchTerms(search);
  if (terms.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'sqlite') return sql<SqlBool>`d.id IN (SELECT rowid FROM deals_fts WHERE deals_fts MATCH ${ftsMatch(terms)})`;
  return sql<SqlBool>`d.search_vector @@ ${tsQuerySql(terms)}`;
}

/** 0 when every term matches the title, else 1: the first sort key of a search. */
export function titleRankSql(search: string, dialect: Dialect): RawBuilder<number> {
  const terms = searchTerms(search);
  if (terms.length === 0) return sql<number>`1`;
  if (dialect === 'sqlite') {
    return sql<number>`CASE WHEN d.id IN (SELECT rowid FROM deals_fts WHERE deals_fts MATCH ${ftsMatch(terms, 'title')}) THEN 0 ELSE 1 END`;
  }
  return sql<number>`CASE WHEN d.search_vector @@ ${tsQuerySql(terms, 'A')} THEN 0 ELSE 1 END`;
}

export const hasSearch = (f: BrowseFilters) => f.search !== undefined && f.search.trim() !== '';

export function filtersSql(f: BrowseFilters, nowIso: string, dialect: Dialect): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [statusSql(f.status, nowIso)];
  if (f.categoryId !== undefined) parts.push(sql`d.category_id = ${f.categoryId}`);
  if (f.storeId !== undefined) parts.push(sql`d.store_id = ${f.storeId}`);
  if (f.minPence !== undefined) parts.push(sql`d.price_pence >= ${f.minPence}`);
  if (f.maxPence !== undefined) parts.push(sql`d.price_pence <= ${f.maxPence}`);
  if (f.dealTypes && f.dealTypes.length > 0) {
    const types = [...new Set(f.dealTypes)].map(dealTypeSql);
    parts.push(sql`(${sql.join(types, sql` OR `)})`);
  }
  if (f.excludeId !== undefined) parts.push(sql`d.id <> ${f.excludeId}`);
  if (f.warmOnly) parts.push(sql`d.temperature > 0`);
  if (hasSearch(f)) parts.push(searchSql(f.search as string, dialect));
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** A stable key of the filters (not the sort or page) for the count cache. */
export function filtersKey(f: BrowseFilters): string {
  return JSON.stringify([f.status, f.search?.trim().toLowerCase() ?? '', f.categoryId, f.storeId, f.minPence, f.maxPence,
    [...new Set(f.dealTypes ?? [])].sort(), f.excludeId, !!f.warmOnly]);
}

/** Counts that move when someone votes (temperature-based filters). */
export const dependsOnVotes = (f: BrowseFilters) => !!f.warmOnly || (f.dealTypes ?? []).some((t) => t === 'hot' || t === 'warm');
