import { DEAL_TYPE_LABELS } from '../../../../shared/domain/deals/deal-types.js';
import { priceRangeLabel } from '../../../../shared/domain/deals/price-buckets.js';
import { toPounds } from '../../../../shared/domain/money.js';
import type { DealRelaxation } from '../../../../shared/schemas/deals/deals.js';
import type { Db } from '../../../db/connection.js';
import type { BrowseFilters } from './browse-filters.js';
import { countForPage } from './list-query.js';

/** At most this many counts for one empty page: category, store, price and up to three deal types. */
export const MAX_RELAXATIONS = 6;

interface Candidate {
  filter: DealRelaxation['filter'];
  label: () => Promise<string>;
  without: BrowseFilters;
  /** The request's query string without this filter. */
  query: (params: URLSearchParams) => void;
}

/**
 * An empty searched page's "Remove 'Under £20.00' — 14 deals" offers (docs/notes/search.md): each active filter left
 * out in turn, counted by the search's own capped count (the full-text index; the same cache as its list), at most
 * MAX_RELAXATIONS counts. Filters whose removal still finds nothing are not offered. `params` is the request's query
 * string: each offer's `query` is it without that filter and without the page, so the link keeps the sort and the rest.
 */
export async function relaxations(db: Db, filters: BrowseFilters, params: URLSearchParams, now: Date): Promise<DealRelaxation[]> {
  const candidates = relaxationCandidates(db, filters).slice(0, MAX_RELAXATIONS);
  const found = await Promise.all(
    candidates.map(async (c) => {
      const count = await countForPage(db, { filters: c.without, now });
      if (count.total === 0) return null;
      const query = new URLSearchParams(params);
      query.delete('page');
      c.query(query);
      const offer: DealRelaxation = { filter: c.filter, label: await c.label(), count: count.total, query: query.toString() };
      return count.capped ? { ...offer, countCapped: true } : offer;
    }),
  );
  return found.filter((r): r is DealRelaxation => r !== null);
}

function relaxationCandidates(db: Db, filters: BrowseFilters): Candidate[] {
  const out: Candidate[] = [];
  const { categoryId, storeId, minPence, maxPence, dealTypes = [] } = filters;
  const refs = [
    { filter: 'category', table: 'categories', id: categoryId, without: { ...filters, categoryId: undefined } },
    { filter: 'store', table: 'stores', id: storeId, without: { ...filters, storeId: undefined } },
  ] as const;
  for (const ref of refs) {
    const id = ref.id;
    if (id === undefined) continue;
    out.push({ filter: ref.filter, label: () => nameOf(db, ref.table, id), without: ref.without, query: (q) => q.delete(ref.filter) });
  }
  if (minPence !== undefined || maxPence !== undefined) {
    const pounds = (p: number | undefined) => toPounds(p) ?? undefined;
    out.push({
      filter: 'price',
      label: async () => priceRangeLabel(pounds(minPence), pounds(maxPence)),
      without: { ...filters, minPence: undefined, maxPence: undefined },
      query: (q) => {
        q.delete('minPrice');
        q.delete('maxPrice');
      },
    });
  }
  for (const type of dealTypes) {
    const kept = dealTypes.filter((t) => t !== type);
    out.push({
      filter: 'dealType',
      label: async () => DEAL_TYPE_LABELS[type],
      without: { ...filters, dealTypes: kept },
      query: (q) => {
        q.delete('dealType');
        if (kept.length) q.set('dealType', kept.join(','));
      },
    });
  }
  return out;
}

/** A category's or store's name by its primary key (the filter's id was accepted without one when none exists). */
async function nameOf(db: Db, table: 'categories' | 'stores', id: number): Promise<string> {
  const row = await db.kysely.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? `#${id}`;
}
