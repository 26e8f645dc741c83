import type { Deal, DealPage, DealSort } from '../../../../shared/schemas/deals.js';
import type { AffiliateConfig } from '../../../../shared/domain/affiliate.js';
import type { Db } from '../../../db/connection.js';
import { lowestPriceFlags, withLowestPrices } from '../../products/index.js';
import type { BrowseFilters } from './browse-filters.js';
import { countForPage, listDealIds } from './list-query.js';
import { dealsByIds, presentForViewer } from '../queries.js';

export interface DealListRequest {
  filters: BrowseFilters;
  sort: DealSort;
  page: number;
  pageSize: number;
  viewerId: number | null;
  /** The home rows and related deals need no total. */
  withCount?: boolean;
}

/**
 * One page of deals: ids by index, rows in one joined query, the caller's votes and saves in one more, and the
 * "Lowest price we've seen" flags of the page in one grouped query (the products feature).
 */
export async function dealList(db: Db, affiliate: AffiliateConfig, req: DealListRequest): Promise<DealPage> {
  const now = new Date();
  const offset = (req.page - 1) * req.pageSize;
  const [ids, count] = await Promise.all([
    listDealIds(db, { filters: req.filters, sort: req.sort, offset, limit: req.pageSize, now }),
    req.withCount === false ? Promise.resolve(null) : countForPage(db, { filters: req.filters, now }),
  ]);
  const deals = await dealCards(db, ids, req.viewerId, affiliate, now.getTime());
  const total = count === null ? deals.length : count.total;
  const page: DealPage = { deals, totalCount: total, page: req.page, pageSize: req.pageSize, totalPages: Math.ceil(total / req.pageSize) };
  return count?.capped ? { ...page, totalCountCapped: true } : page;
}

/**
 * Deals as list cards, in the order of `ids`: rows in one joined query, the caller's votes and saves in one more, and
 * the "Lowest price we've seen" flags in one grouped query (the products feature). Every list of cards goes through here.
 */
export async function dealCards(db: Db, ids: number[], viewerId: number | null, affiliate: AffiliateConfig, now = Date.now()): Promise<Deal[]> {
  const [rows, lowest] = await Promise.all([dealsByIds(db, ids), lowestPriceFlags(db, ids, now)]);
  return withLowestPrices(await presentForViewer(db, rows, viewerId, affiliate), lowest);
}
