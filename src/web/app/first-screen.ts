import type { QueryClient } from '@tanstack/react-query';
import { drawnPage } from '../../shared/first-screen';
import { dealListQuery, dealQuery } from '../api/deals/deals';
import { homeQueries } from '../pages/home/home-queries';

/**
 * Starts the API requests of the page the app opens on, as the app starts (docs/notes/web-performance.md), for the pages the server draws
 * (shared/first-screen.ts DRAWN_PAGES): the home rows, the browse page's list, or the deal of /dealDetail/{id}.
 * Otherwise they would wait for the page's own chunk to arrive and render, one more round trip before the deals (and
 * their pictures, the Largest Contentful Paint) can load. The pages read the same query keys, so they
 * find these requests in flight or done; the token the requests carry is the one the page's own would have carried.
 *
 * The server's first-screen render (web/entry-server.tsx) awaits the same requests (`firstRenderOnly`: those the
 * page's first render reads), so the page it draws is the one the browser then hydrates. Resolves once they are
 * settled; false for a page without a first screen of its own.
 */
export function prefetchFirstScreen(
  client: QueryClient,
  { pathname, search }: { pathname: string; search: string },
  firstRenderOnly = false,
): Promise<boolean> {
  const page = drawnPage(pathname);
  let started: Promise<unknown> | undefined;
  if (page === 'home') {
    // One call each: the rows and the list have different query types, which a loop over them would merge. The latest
    // deals are drawn after the first render (HomePage), so the server's page carries neither them nor their data.
    const rows = [client.prefetchQuery(homeQueries.warm), client.prefetchQuery(homeQueries.newest)];
    started = Promise.all(firstRenderOnly ? rows : [...rows, client.prefetchQuery(homeQueries.latest)]);
  } else if (page === 'browse') {
    // The browse page's own URL reading (defaults included), fetched apart so it stays out of other pages' first load.
    started = import('../pages/browse/browse-params').then(({ parseBrowse, toListParams }) =>
      client.prefetchQuery(dealListQuery(toListParams(parseBrowse(new URLSearchParams(search))))),
    );
  } else if (page === 'deal') {
    // The deal's id: the number that stands for `:id`, at the path's end.
    started = client.prefetchQuery(dealQuery(Number(pathname.slice(pathname.lastIndexOf('/') + 1))));
  }
  return started ? started.then(() => true) : Promise.resolve(false);
}
