import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { createHarness, type Harness, type TestUser } from '../../test/harness.js';
import { createWebApp, type WebApp } from '../../test/web-app.js';

describe('real 404s: paths that are no page, and missing or hidden deals, shops and members', () => {
  let h: Harness;
  let web: WebApp;
  let member: TestUser;
  let unverified: TestUser;
  const ids: Record<string, number> = {};
  let generic: string;

  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: 'GET', url, headers });
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  beforeAll(async () => {
    h = await createHarness();
    web = await createWebApp(h);
    member = await h.createUser({ username: 'Bargain_Bea' });
    unverified = await h.createUser({ verified: false });
    ids.active = await insertDeal(h, { title: 'Public kettle deal' });
    ids.expired = await insertDeal(h, { title: 'Lapsed kettle deal', status: 'expired' });
    for (const status of ['pending', 'rejected', 'deleted']) ids[status] = await insertDeal(h, { title: `Secret ${status} title`, status, user_id: member.id });
    generic = (await get('/login')).body;
  });
  afterAll(async () => {
    await web?.close();
    await h?.close();
  });

  it('answers 404 with the not-found document (the app, the site card) for a path that is no page', async () => {
    for (const url of ['/no/such/page', '/dealDetail', '/stores/1/deals', '/members', '/loginx', '/user', '/no-page?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(generic);
    }
    expect(titleOf(generic)).toBe('QuidsIn — UK deals, voted by the community');
    expect(generic).toContain('<div id="root"></div>');
    expect(generic).toContain('src="/assets/index-abc123.js"');
  });

  it('answers 404 for a missing, malformed or hidden deal, showing nothing of it, and 200 for a public one', async () => {
    for (const id of [ids.pending, ids.rejected, ids.deleted, 999_999, 'abc', '0', '99999999999']) {
      for (const url of [`/dealDetail/${id}`, `/DealDetail/${id}`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toBe(generic);
        expect(res.body).not.toContain('Secret');
      }
    }
    for (const id of [ids.active, ids.expired]) expect((await get(`/dealDetail/${id}`)).statusCode).toBe(200);
    // The same path in another letter case is the same page to the browser's router.
    expect((await get(`/dealdetail/${ids.active}`)).statusCode).toBe(200);
  });

  it('answers 404 for a missing shop and 200 for one that exists', async () => {
    expect((await get('/stores/1')).statusCode).toBe(200);
    expect((await get('/stores/1/')).statusCode).toBe(200);
    for (const url of ['/stores/999999', '/stores/abc', '/stores/0', '/stores/99999999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(generic);
    }
  });

  it('answers 404 for an unknown or unverified member and 200 for a member, whatever the letter case', async () => {
    for (const name of ['Bargain_Bea', 'bargain_bea', 'BARGAIN_BEA', 'admin']) expect((await get(`/members/${name}`)).statusCode, name).toBe(200);
    for (const name of ['nobody_here', unverified.username, 'x'.repeat(150), encodeURIComponent("'; DROP TABLE users; --"), '%20']) {
      expect((await get(`/members/${name}`)).statusCode, name).toBe(404);
    }
  });

  it('keeps every other page of the app a 200, the admin areas included', async () => {
    for (const url of [
      '/',
      '/dealsBrowse',
      '/deals?sort=hottest',
      '/login',
      '/LOGIN',
      '/deals/create',
      '/deals/edit/999999',
      '/user/saved-deals',
      '/alerts/unsubscribe?token=x',
      '/admin',
      '/admin/deals/5',
      '/admin/reports/x',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('sends a 404 page without a validator, never a 304, and HEAD the same status', async () => {
    const res = await get('/no/such/page');
    expect(res.headers.etag).toBeUndefined();
    expect((await get('/no/such/page', { 'if-none-match': '*' })).statusCode).toBe(404);
    expect((await get(`/dealDetail/${ids.pending}`, { 'if-none-match': '*' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'HEAD', url: '/no/such/page' })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'HEAD', url: `/dealDetail/${ids.deleted}` })).statusCode).toBe(404);
    expect((await web.app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
  });

  it('keeps JSON 404s for the API, uploads and the feeds, and for other methods', async () => {
    for (const url of ['/api/nope', '/uploads/nope.webp', '/feeds/nope.xml', '/sitemaps/nope.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, error: 'Not found' });
    }
    expect((await web.app.inject({ method: 'POST', url: '/no/such/page' })).json()).toEqual({ success: false, error: 'Not found' });
  });
});
