import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertVouchers } from '../../test/data/insert-voucher.js';
import { createWebApp } from '../../test/web-app.js';
import { capturePlans, fullScans, type PlannedStatement } from '../deals/plans/query-plans.js';
import { SITEMAP_MAX_URLS } from './sitemap.js';
import { loadPlannerStats } from '../../test/engines/sqlite-stats.js';

const BASE = 'http://localhost:3000';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'url' || name === 'sitemap' });
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function get(h: Harness, url: string, headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'GET', url, headers });
}
const urlsOf = (xml: string): Array<{ loc: string; lastmod?: string }> => parser.parse(xml).urlset.url ?? [];

describe('GET /robots.txt and /sitemap.xml on a small site', () => {
  let h: Harness;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    h = await createHarness();
    ids.active = await insertDeal(h, { title: 'Active one', updated_at: '2026-01-02T03:04:05.000Z' });
    ids.active2 = await insertDeal(h, { title: 'Active two' });
    ids.lapsed = await insertDeal(h, { title: 'Lapsed', expires_at: ago(HOUR) });
    ids.expired = await insertDeal(h, { title: 'Expired', status: 'expired' });
    ids.pending = await insertDeal(h, { title: 'Pending', status: 'pending' });
    ids.deleted = await insertDeal(h, { title: 'Deleted', status: 'deleted' });
    // Store 2 has two live codes (the newer dates it), store 3 only a pending one.
    const made = { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
    await insertVouchers(h, [
      { ...made, store_id: 2, code: 'OLDER', published_at: '2026-01-01T00:00:00.000Z' },
      { ...made, store_id: 2, code: 'NEWER', published_at: '2026-01-03T00:00:00.000Z' },
      { ...made, store_id: 3, code: 'WAITING', status: 'pending' },
    ]);
  });
  afterAll(() => h.close());

  it('robots.txt points crawlers at the sitemap and keeps them out of the admin, member and API paths', async () => {
    const res = await get(h, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /user');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect((await get(h, '/robots.txt', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('lists home, browse, every category view and every active deal with its last change', async () => {
    const res = await get(h, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = urlsOf(res.body);
    const locs = urls.map((u) => u.loc);
    expect(locs.slice(0, 2)).toEqual([`${BASE}/`, `${BASE}/dealsBrowse`]);
    const categories = await h.db.kysely.selectFrom('categories').select('id').orderBy('id').execute();
    expect(categories.length).toBeGreaterThan(20);
    for (const c of categories) expect(locs).toContain(`${BASE}/dealsBrowse?category=${c.id}`);
    const dealLocs = locs.filter((l) => l.includes('/dealDetail/'));
    expect(dealLocs).toEqual([`${BASE}/dealDetail/${ids.active}`, `${BASE}/dealDetail/${ids.active2}`]);
    expect(urls.find((u) => u.loc === `${BASE}/dealDetail/${ids.active}`)?.lastmod).toBe('2026-01-02T03:04:05.000Z');
    expect(urls[0].lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Voucher codes: the codes page, and the shop pages with live codes (store 2 here), each dated by its newest code.
    expect(locs).toContain(`${BASE}/vouchers`);
    expect(urls.find((u) => u.loc === `${BASE}/stores/2`)?.lastmod).toBe('2026-01-03T00:00:00.000Z');
    expect(locs).not.toContain(`${BASE}/stores/3`);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('also serves the pieces an index would point at, and 404s past the last deal file', async () => {
    expect(urlsOf((await get(h, '/sitemaps/pages.xml')).body)[0].loc).toBe(`${BASE}/`);
    expect(urlsOf((await get(h, '/sitemaps/deals-1.xml')).body).map((u) => u.loc)).toEqual([
      `${BASE}/dealDetail/${ids.active}`,
      `${BASE}/dealDetail/${ids.active2}`,
    ]);
    for (const file of ['deals-2.xml', 'deals-0.xml', 'deals-x.xml', 'other.xml']) {
      const res = await get(h, `/sitemaps/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('is cacheable: public max-age, a weak ETag, 304 on If-None-Match', async () => {
    const res = await get(h, '/sitemap.xml');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(String(res.headers.etag)).toMatch(/^W\/".+"$/);
    const again = await get(h, '/sitemap.xml', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /sitemap.xml past 50,000 URLs: an index of id-range files', () => {
  let h: Harness;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    h = await createHarness();
    ids.first = await insertDeal(h, { title: 'First' });
    // Ids as a big site has them, without writing 100,000 rows: one deal in the third range, one on a range's edge.
    ids.edge = await insertDeal(h, { id: SITEMAP_MAX_URLS, title: 'Last of file 1' });
    ids.far = await insertDeal(h, { id: 2 * SITEMAP_MAX_URLS + 7, title: 'In file 3' });
    ids.farPending = await insertDeal(h, { id: 2 * SITEMAP_MAX_URLS + 8, title: 'Pending in file 3', status: 'pending' });
  });
  afterAll(() => h.close());

  it('answers a sitemap index of the pages file and one file per 50,000 ids', async () => {
    const res = await get(h, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    const index = parser.parse(res.body).sitemapindex;
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/deals-1.xml`,
      `${BASE}/sitemaps/deals-2.xml`,
      `${BASE}/sitemaps/deals-3.xml`,
    ]);
  });

  it('puts each active deal in the file of its id range, once', async () => {
    const locs = async (file: string) => urlsOf((await get(h, `/sitemaps/${file}`)).body).map((u) => u.loc);
    expect(await locs('deals-1.xml')).toEqual([`${BASE}/dealDetail/${ids.first}`, `${BASE}/dealDetail/${ids.edge}`]);
    expect(await locs('deals-2.xml')).toEqual([]);
    expect(await locs('deals-3.xml')).toEqual([`${BASE}/dealDetail/${ids.far}`]);
    expect((await get(h, '/sitemaps/deals-4.xml')).statusCode).toBe(404);
    const pages = await locs('pages.xml');
    expect(pages.slice(0, 2)).toEqual([`${BASE}/`, `${BASE}/dealsBrowse`]);
    expect(pages.some((l) => l.includes('/dealDetail/'))).toBe(false);
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('query plans (SQLite): feeds and sitemaps read index ranges only', () => {
  let h: Harness;
  const statements: PlannedStatement[] = [];
  const URLS = ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/deals-1.xml', '/feeds/deals.xml', '/feeds/deals.xml?category=3&store=42&sort=hottest'];

  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 12; i++) await insertDeal(h, { category_id: (i % 4) + 1, store_id: i % 3 ? 42 : 2, status: i === 5 ? 'expired' : 'active' });
    for (const url of URLS) {
      const captured = await capturePlans(h.app, h.db, url);
      expect(captured.status, url).toBe(200);
      statements.push(...captured.statements);
    }
    // The share card of a deal page and the feed link of a browse page read by primary key.
    const web = await createWebApp(h);
    try {
      for (const url of ['/dealDetail/1', '/dealsBrowse?category=3&store=42']) statements.push(...(await capturePlans(web.app, h.db, url)).statements);
    } finally {
      await web.close();
    }
  });
  afterAll(() => h.close());

  const plansNow = () =>
    statements.map((st) => ({
      sql: st.sql,
      plan: (h.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${st.sql}`).all(...st.params) as Array<{ detail: string }>).map((r) => r.detail),
    }));

  const problems = () =>
    plansNow().flatMap((st) => {
      const scans = fullScans(st.plan);
      return scans.length ? [`full scan ${scans.join('; ')} in ${st.sql}`] : [];
    });

  const rangePlan = () =>
    plansNow()
      .find((st) => /FROM deals AS d NOT INDEXED/.test(st.sql))
      ?.plan.join(' / ');

  it('captured the sitemap queries', () => {
    expect(statements.some((s) => /max\("id"\)/i.test(s.sql))).toBe(true);
    expect(statements.some((s) => /NOT INDEXED/.test(s.sql))).toBe(true);
    expect(statements.some((s) => /"published_at" desc/i.test(s.sql))).toBe(true);
    expect(statements.some((s) => /inner join "categories"/i.test(s.sql))).toBe(true);
  });

  it('without statistics (a fresh install)', () => {
    expect(problems()).toEqual([]);
    expect(rangePlan()).toMatch(/SEARCH d USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
  });

  it('with the statistics of a 1,000,000-deal database', () => {
    loadPlannerStats(h.db.sqlite!);
    expect(problems()).toEqual([]);
    expect(rangePlan()).toMatch(/SEARCH d USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
  });
});
