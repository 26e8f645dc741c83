import type { Deal } from '../../../shared/schemas/deals/deals';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { HOME_ROW_SIZE } from '../../lib/constants';
import { homeQueries, LATEST_DEALS_SIZE } from './home-queries';

const without = (deals: Deal[] | undefined, taken: Set<number>) => deals?.filter((d) => !taken.has(d.id));

/**
 * The home page's deals (a deal appears in at most one row): Getting Warm takes its 4, New Arrivals the 4
 * newest not already shown, and Latest deals the next 20 active deals, newest first. A row waits for the rows above it,
 * so no deal flickers from one row to another.
 */
export function useHomeDeals() {
  const warm = useQuery(homeQueries.warm);
  const newest = useQuery(homeQueries.newest);
  const latest = useQuery(homeQueries.latest);

  // On the first load the rows below the first one are drawn in a second, interruptible render (docs/notes/web-performance.md): the first
  // row (the first screen, its picture the Largest Contentful Paint) is painted without waiting for 24 more cards, and
  // the main thread is not held by one long render; they show their skeletons until then. Once drawn, they follow the
  // data in the same render as the first row, so a refetch never shows a deal in two rows.
  const current = useMemo(() => ({ warm: warm.data, newest: newest.data, latest: latest.data }), [warm.data, newest.data, latest.data]);
  const deferred = useDeferredValue(current);
  const below = deferred.warm === undefined ? deferred : current;
  const catchingUp = below !== current;

  const warmDeals = warm.data?.slice(0, HOME_ROW_SIZE);
  const taken = new Set(below.warm?.slice(0, HOME_ROW_SIZE).map((d) => d.id));
  const arrivalDeals = below.warm ? without(below.newest, taken)?.slice(0, HOME_ROW_SIZE) : undefined;
  for (const d of arrivalDeals ?? []) taken.add(d.id);
  const latestDeals = arrivalDeals ? without(below.latest?.deals, taken)?.slice(0, LATEST_DEALS_SIZE) : undefined;

  return {
    warm: { deals: warmDeals, loading: warm.isLoading },
    arrivals: { deals: arrivalDeals, loading: newest.isLoading || warm.isLoading || catchingUp },
    latest: { deals: latestDeals, loading: latest.isLoading || newest.isLoading || warm.isLoading || catchingUp },
  };
}
