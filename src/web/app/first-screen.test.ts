import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealKeys } from '../api/deals/deals';
import { parseBrowse, toListParams } from '../pages/browse/browse-params';
import { homeQueries } from '../pages/home/home-queries';
import { prefetchFirstScreen } from './first-screen';

const keys = (client: QueryClient) =>
  client
    .getQueryCache()
    .findAll()
    .map((q) => q.queryKey);
const urls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));

describe('prefetchFirstScreen', () => {
  beforeEach(() => {
    // Requests stay in flight: what is checked is which queries were started, under which keys, for which URLs.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the home rows under the keys the home page reads', () => {
    const client = new QueryClient();
    prefetchFirstScreen(client, { pathname: '/', search: '' });
    expect(keys(client)).toEqual(Object.values(homeQueries).map((q) => q.queryKey));
    expect(urls()).toHaveLength(3);
    expect(urls().some((u) => u.includes('/api/deals/getting-warm'))).toBe(true);
  });

  it('starts the deal of /dealDetail/{id}, and nothing for other pages', () => {
    const client = new QueryClient();
    prefetchFirstScreen(client, { pathname: '/dealDetail/42', search: '' });
    expect(keys(client)).toEqual([dealKeys.detail(42)]);
    expect(urls()[0]).toContain('/api/deals/42');

    const other = new QueryClient();
    prefetchFirstScreen(other, { pathname: '/dealDetail/abc', search: '' });
    prefetchFirstScreen(other, { pathname: '/stores', search: '' });
    expect(keys(other)).toEqual([]);
  });

  it("starts browse's list with the page's own reading of the URL (defaults included)", async () => {
    const client = new QueryClient();
    prefetchFirstScreen(client, { pathname: '/dealsBrowse', search: '?category=3&sort=hottest' });
    await vi.waitFor(() => expect(keys(client)).toHaveLength(1));
    const expected = dealKeys.list(toListParams(parseBrowse(new URLSearchParams('?category=3&sort=hottest'))));
    expect(client.getQueryCache().find({ queryKey: expected, exact: true })).toBeDefined();
    expect(urls()[0]).toMatch(/\/api\/deals\?.*category=3/);
  });
});
