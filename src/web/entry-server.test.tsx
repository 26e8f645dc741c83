// @vitest-environment node
/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import type { Deal } from '../shared/schemas/deals/deals';
import { dealKeys } from './api/deals/deals';
import { homeQueries } from './pages/home/home-queries';
import { renderFirstScreen } from './entry-server';
import { testDeal } from './test/deal-fixture';

const warm = [testDeal({ id: 1, title: 'Warm kettle <b>&</b>' }), testDeal({ id: 2, title: 'Warm toaster' })];
const newest = [testDeal({ id: 3, title: 'New blender' })];

/** The API as the server answers it in process: envelopes by path, a status per path, and the paths asked for. */
function api(answers: Record<string, { status?: number; data: unknown }>) {
  const asked: string[] = [];
  const fetchApi = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const path = url.split('?')[0];
    const a = answers[path];
    if (!a) return new Response(JSON.stringify({ success: false, error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const status = a.status ?? 200;
    return new Response(JSON.stringify(status < 400 ? { success: true, data: a.data } : { success: false, error: 'Failed' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchApi, asked };
}

const home = (over: Record<string, { status?: number; data: unknown }> = {}) =>
  api({ '/api/deals/getting-warm': { data: warm }, '/api/deals/newest': { data: newest }, ...over });

describe('renderFirstScreen (the server-drawn first screen)', () => {
  it("draws the home page's rows from the API's answers, escaped, with the data it drew them from", async () => {
    const { fetchApi, asked } = home();
    const screen = await renderFirstScreen('/', fetchApi);
    expect(screen).not.toBeNull();
    const html = screen!.html;
    expect(html).toContain('Warm kettle &lt;b&gt;&amp;&lt;/b&gt;');
    expect(html).toContain('Warm toaster');
    expect(html).toContain('New blender');
    expect(html).toContain('data-testid="row-getting-warm"');
    // Complete markup only: no streamed parts moved into place by inline scripts (the CSP refuses them).
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    // The latest deals are drawn after the first render: neither their list nor its request is on the server.
    expect(html).not.toContain('data-testid="latest-deals"');
    expect(asked.some((u) => u.startsWith('/api/deals?'))).toBe(false);
    expect(screen!.queries.map(([key]) => key)).toEqual([homeQueries.warm.queryKey, homeQueries.newest.queryKey]);
    expect((screen!.queries[0][1] as Deal[]).map((d) => d.id)).toEqual([1, 2]);
    expect(screen!.queries[0][2]).toBeGreaterThan(0);
  });

  it("draws a deal's page, and the plain browse page's first cards", async () => {
    const deal = testDeal({ id: 42, title: 'Dyson V15 vacuum' });
    const one = api({ '/api/deals/42': { data: deal } });
    const page = await renderFirstScreen('/dealDetail/42', one.fetchApi);
    expect(page?.html).toContain('Dyson V15 vacuum');
    expect(page?.queries.map(([key]) => key)).toEqual([dealKeys.detail(42)]);

    const deals = Array.from({ length: 10 }, (_, i) => testDeal({ id: 100 + i, title: `Browse deal ${i}` }));
    const list = api({ '/api/deals': { data: { deals, totalCount: 10, totalPages: 1, page: 1, pageSize: 24 } } });
    const browse = await renderFirstScreen('/dealsBrowse', list.fetchApi);
    expect(browse?.html).toContain('Browse deal 0');
    expect(browse?.html).toContain('Browse deal 5');
    // A screen's worth of cards; the rest come in the browser after hydration.
    expect(browse?.html).not.toContain('Browse deal 6');
  });

  it('draws nothing when an answer failed, the deal does not exist, or the page has no first screen', async () => {
    expect(await renderFirstScreen('/', home({ '/api/deals/newest': { status: 500, data: null } }).fetchApi)).toBeNull();
    expect(await renderFirstScreen('/', home({ '/api/deals/getting-warm': { status: 429, data: null } }).fetchApi)).toBeNull();
    expect(await renderFirstScreen('/dealDetail/9', api({}).fetchApi)).toBeNull();
    const none = api({});
    expect(await renderFirstScreen('/stores', none.fetchApi)).toBeNull();
    expect(await renderFirstScreen('/login', none.fetchApi)).toBeNull();
    expect(none.asked).toEqual([]);
  });

  it("keeps each render's requests to its own answers when renders overlap", async () => {
    const a = home();
    const b = home({ '/api/deals/getting-warm': { data: [testDeal({ id: 9, title: 'Only in B' })] } });
    const [ra, rb] = await Promise.all([renderFirstScreen('/', a.fetchApi), renderFirstScreen('/', b.fetchApi)]);
    expect(ra?.html).toContain('Warm toaster');
    expect(ra?.html).not.toContain('Only in B');
    expect(rb?.html).toContain('Only in B');
  });
});
