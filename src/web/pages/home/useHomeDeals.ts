import type { Deal } from '../../../shared/api';
import { useDealList, useDealRow } from '../../api/deals';
import { HOME_ROW_SIZE } from '../../lib/constants';

/** How many deals the latest-deals list shows below the rows (issue 17). */
export const LATEST_DEALS_SIZE = 20;

/** Extra deals fetched per row, so each row stays full after the deals shown higher up are taken out. */
const SPARE = 2 * HOME_ROW_SIZE;

const without = (deals: Deal[] | undefined, taken: Set<number>) => deals?.filter((d) => !taken.has(d.id));

/**
 * The home page's deals (issue 17: a deal appears in at most one row): Getting Warm takes its 4, New Arrivals the 4
 * newest not already shown, and Latest deals the next 20 active deals, newest first. A row waits for the rows above it,
 * so no deal flickers from one row to another.
 */
export function useHomeDeals() {
  const warm = useDealRow('getting-warm', HOME_ROW_SIZE + SPARE);
  const newest = useDealRow('newest', HOME_ROW_SIZE + SPARE);
  const latest = useDealList({ status: 'active', sort: 'newest', page: 1, pageSize: LATEST_DEALS_SIZE + SPARE * 2 });

  const warmDeals = warm.data?.slice(0, HOME_ROW_SIZE);
  const taken = new Set(warmDeals?.map((d) => d.id));
  const arrivalDeals = warmDeals ? without(newest.data, taken)?.slice(0, HOME_ROW_SIZE) : undefined;
  for (const d of arrivalDeals ?? []) taken.add(d.id);
  const latestDeals = arrivalDeals ? without(latest.data?.deals, taken)?.slice(0, LATEST_DEALS_SIZE) : undefined;

  return {
    warm: { deals: warmDeals, loading: warm.isLoading },
    arrivals: { deals: arrivalDeals, loading: newest.isLoading || warm.isLoading },
    latest: { deals: latestDeals, loading: latest.isLoading || newest.isLoading || warm.isLoading },
  };
}
