import type { QueryClient } from '@tanstack/react-query';
import { dealListQuery, dealQuery } from '../api/deals';
import { homeQueries } from '../pages/home/home-queries';

/**
 * Starts the API requests of the page the app opens on, as the app starts (issue 16): the home rows, the browse page's
 * list, or the deal of /dealDetail/{id}. Otherwise they would wait for the page's own chunk to arrive and render, one more round trip before
 * the deals (and their pictures, the Largest Contentful Paint) can load. The pages read the same query keys, so they
 * find these requests in flight or done; the token the requests carry is the one the page's own would have carried.
 */
export function prefetchFirstScreen(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  if (pathname === '/') {
    // One call each: the rows and the list have different query types, which a loop over them would merge.
    void client.prefetchQuery(homeQueries.warm);
    void client.prefetchQuery(homeQueries.newest);
    void client.prefetchQuery(homeQueries.latest);
    return;
  }
  if (pathname === '/dealsBrowse' || pathname === '/deals') {
    // The browse page's own URL reading (defaults included), fetched apart so it stays out of other pages' first load.
    void import('../pages/browse/browse-params').then(({ parseBrowse, toListParams }) =>
      client.prefetchQuery(dealListQuery(toListParams(parseBrowse(new URLSearchParams(search))))),
    );
    return;
  }
  const deal = /^\/dealDetail\/(\d+)$/.exec(pathname);
  if (deal) void client.prefetchQuery(dealQuery(Number(deal[1])));
}
