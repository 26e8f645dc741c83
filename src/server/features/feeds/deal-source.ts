import type { Deal } from '../../../shared/schemas/deals/deals.js';
import type { AppDeps } from '../../deps.js';
import { browseFiltersFromQuery, dealList } from '../deals/index.js';
import type { DealFeedQuery } from '../../../shared/schemas/deals/feeds.js';

/**
 * The first `limit` deals of a browse view, exactly as GET /api/deals lists them to a signed-out visitor: the same
 * mapping of the query to filters, the same defaults and the same list service, without the total count.
 */
export async function firstDeals(deps: Pick<AppDeps, 'db' | 'config'>, query: DealFeedQuery, limit: number): Promise<Deal[]> {
  const { deals } = await dealList(deps.db, deps.config.affiliate, {
    filters: browseFiltersFromQuery({ ...query, page: 1, pageSize: limit }),
    sort: query.sort,
    page: 1,
    pageSize: limit,
    viewerId: null,
    withCount: false,
  });
  return deals;
}
