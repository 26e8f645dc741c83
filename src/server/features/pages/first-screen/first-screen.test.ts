import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '../../../../shared/first-screen.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { createWebApp, TEST_INDEX_HTML, type WebApp } from '../../../test/web-app.js';

/**
 * A stand-in for the web build's server entry (web/entry-server.tsx, tested on its own): it asks the API what the real
 * one asks, through the fetch the server gives it, and writes what it got. It counts its renders and can be told to
 * fail or to wait.
 */
const RENDERER = `
const state = (globalThis.__firstScreen ??= { renders: 0, mode: 'ok', waiting: [] });
export async function renderFirstScreen(url, fetchApi) {
  state.renders++;
  if (state.mode === 'throw') throw new Error('render failed');
  if (state.mode === 'null') return null;
  if (state.mode === 'wait') await new Promise((resolve) => state.waiting.push(resolve));
  const deal = /^\\/dealDetail\\/(\\d+)$/.exec(url);
  const res = await fetchApi(deal ? '/api/deals/' + deal[1] : '/api/deals/newest?limit=2', { method: 'GET', headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  const body = await res.json();
  const deals = deal ? [body.data] : body.data;
  return { html: '<main>' + deals.map((d) => '<h3>' + d.title + '</h3>').join('') + '</main>', queries: [[['deals', url], body.data, 1]] };
}
`;
interface RendererState {
  renders: number;
  mode: 'ok' | 'throw' | 'null' | 'wait';
  waiting: Array<() => void>;
}
const state = () => (globalThis as unknown as { __firstScreen: RendererState }).__firstScreen;

const SHELL = TEST_INDEX_HTML.replace(
  '<div id="root"></div>',
  '<div id="root"><div aria-hidden="true">header</div></div>\n    <link rel="stylesheet" href="/assets/index-c3.css">',
);

describe('pages with their first screen drawn on the server', () => {
  let h: Harness;
  let web: WebApp;
  let pendingId: number;
  let activeId: number;
  let olderId: number;
  const get = async (url: string) => (await web.app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    h = await createHarness();
    olderId = await insertDeal(h, { title: 'Older kettle deal' });
    activeId = await insertDeal(h, { title: 'Newest air fryer deal' });
    pendingId = await insertDeal(h, { title: 'Pending secret title', status: 'pending' });
    web = await createWebApp(h, { 'index.html': SHELL, '../ssr/entry-server.js': RENDERER });
  });
  afterAll(async () => {
    await web?.close();
    await h?.close();
  });
  beforeEach(() => {
    if (globalThis.__firstScreen === undefined) return;
    Object.assign(state(), { mode: 'ok', waiting: [] });
    web.app.anonymousCache?.clear();
  });

  it('sends the home page drawn: the deals in the root, their data after it, the stylesheet in <head>', async () => {
    const html = await get('/');
    expect(html).toContain('<div id="root"><main><h3>Newest air fryer deal</h3><h3>Older kettle deal</h3></main></div>');
    expect(html).not.toContain('aria-hidden="true">header');
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('</head>'));
    const data = JSON.parse(new RegExp(`id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`).exec(html)![1]);
    expect(data[0][0]).toEqual(['deals', '/']);
    expect(data[0][1].map((d: { title: string }) => d.title)).toEqual(['Newest air fryer deal', 'Older kettle deal']);
  });

  it('draws a page once and reuses it until an API write, and draws one page once for concurrent requests', async () => {
    await get('/');
    const before = state().renders;
    await Promise.all([get('/'), get('/'), get('/')]);
    expect(state().renders).toBe(before);
    // A write moves the read cache's generation: the next request draws the page again, with the write in it.
    await insertDeal(h, { title: 'Just posted deal' });
    web.app.anonymousCache?.clear();
    const html = await get('/');
    expect(state().renders).toBe(before + 1);
    expect(html).toContain('Just posted deal');

    web.app.anonymousCache?.clear();
    const n = state().renders;
    await Promise.all([get('/dealsBrowse'), get('/dealsBrowse'), get('/dealsBrowse')]);
    expect(state().renders).toBe(n + 1);
  });

  it("draws a public deal's page, never a pending one (a 404, the shell), and no browse page with a query", async () => {
    expect(await get(`/dealDetail/${activeId}`)).toContain('<div id="root"><main><h3>Newest air fryer deal</h3></main></div>');
    const n0 = state().renders;
    const pending = await web.app.inject({ method: 'GET', url: `/dealDetail/${pendingId}` });
    expect(pending.statusCode).toBe(404);
    expect(pending.body).not.toContain('Pending secret title');
    expect(pending.body).toContain('aria-hidden="true">header');
    expect(state().renders).toBe(n0);
    const n = state().renders;
    const filtered = await get('/dealsBrowse?sort=hottest');
    expect(filtered).toContain('aria-hidden="true">header');
    expect(state().renders).toBe(n);
  });

  it('sends the app shell when the render fails, draws nothing, or is still busy', async () => {
    state().mode = 'throw';
    expect(await get('/')).toContain('aria-hidden="true">header');
    state().mode = 'null';
    web.app.anonymousCache?.clear();
    expect(await get('/')).toContain('aria-hidden="true">header');

    // Four renders at once hold every slot: a fifth page is the shell at once, not a wait.
    state().mode = 'wait';
    web.app.anonymousCache?.clear();
    const held = [get('/'), get('/dealsBrowse'), get('/deals'), get(`/dealDetail/${activeId}`)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const busy = await web.app.inject({ method: 'GET', url: `/dealDetail/${olderId}` });
    expect(busy.statusCode).toBe(200);
    expect(busy.body).toContain('aria-hidden="true">header');
    expect(busy.body).not.toContain('Older kettle deal</h3>');
    state().mode = 'ok';
    for (const release of state().waiting.splice(0)) release();
    expect((await Promise.all(held)).every((html) => html.includes('<div id="root"><main>'))).toBe(true);
  });
});

declare global {
  // eslint-disable-next-line no-var
  var __firstScreen: unknown;
}
