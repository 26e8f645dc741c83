import { dealListQuery, dealRowQuery } from '../../api/deals/deals';
import { HOME_ROW_SIZE } from '../../lib/constants';

/** How many deals the latest-deals list shows below the rows (docs/notes/web-everyday.md). */
export const LATEST_DEALS_SIZE = 20;

/** Extra deals fetched per row, so each row stays full after the deals shown higher up are taken out. */
const SPARE = 2 * HOME_ROW_SIZE;

/**
 * The home page's three requests. Apart from useHomeDeals so that app/first-screen.ts can start them as the app starts,
 * before the home page's chunk is in (docs/notes/web-performance.md), with exactly the keys the page then reads.
 */
export const homeQueries = {
  warm: dealRowQuery('getting-warm', HOME_ROW_SIZE + SPARE),
  newest: dealRowQuery('newest', HOME_ROW_SIZE + SPARE),
  latest: dealListQuery({ status: 'active', sort: 'newest', page: 1, pageSize: LATEST_DEALS_SIZE + SPARE * 2 }),
};
