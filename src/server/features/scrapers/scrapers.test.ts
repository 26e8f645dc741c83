import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, pepperFeed, send, startServer } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { createHarness, type Harness } from '../../test/harness.js';

let feed: FixtureServer;

beforeAll(async () => {
  feed = await startServer();
  feed.route('/rss/new', send('application/rss+xml; charset=utf-8', pepperFeed(feed.base)));
  feed.route('/rss/broken', send('text/html', '<html><body>Cloudflare says no</body></html>'));
});
afterAll(() => feed.close());

const harnessFor = (feedPath: string, extra: Record<string, string> = {}) =>
  createHarness({ SAFE_FETCH_ALLOW: `127.0.0.1:${feed.port}`, SCRAPER_SOURCE_URL: `${feed.base}${feedPath}`, ...extra });

describe('admin scrapers API', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await harnessFor('/rss/new');
    admin = await h.adminToken();
  });
  afterAll(() => h.close());

  it('is for admins only', async () => {
    const member = await h.createUser();
    const moderator = await h.createUser({ role: 'moderator' });
    expect((await h.request({ method: 'GET', url: '/api/admin/scrapers' })).status).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/admin/scrapers', token: member.token })).status).toBe(403);
    expect((await h.request({ method: 'POST', url: '/api/admin/scrapers/run-all', token: moderator.token })).status).toBe(403);
    expect((await h.request({ method: 'GET', url: '/api/admin/scrapers/logs', token: member.token })).status).toBe(403);
    expect(feed.hits).toEqual([]);
  });

  it('lists the deals-website scraper', async () => {
    const res = await h.request({ method: 'GET', url: '/api/admin/scrapers', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.scrapers).toEqual([{ id: 1, source: 'hotukdeals', name: '127.0.0.1', description: 'Scrapes deals from a deals website' }]);
  });

  it('starts with no logs', async () => {
    const res = await h.request({ method: 'GET', url: '/api/admin/scrapers/logs', token: admin });
    expect(res.body).toEqual({ success: true, data: { logs: [] } });
  });

  it('two overlapping runs import each item exactly once', async () => {
    const [a, b] = await Promise.all([
      h.request({ method: 'POST', url: '/api/admin/scrapers/run', token: admin, payload: { source: 'hotukdeals' } }),
      h.request({ method: 'POST', url: '/api/admin/scrapers/run/1', token: admin }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // 7 items: one exact repeat and one repost of the same URL with tracking parameters leave 5 deals.
    expect(a.body.data.dealsAdded + b.body.data.dealsAdded).toBe(5);
    expect(a.body.data.dataFile).toMatch(/^hotukdeals-.*\.json$/);
    expect(a.body.data.logId).not.toBe(b.body.data.logId);
    const deals = await h.db.kysely.selectFrom('deals').selectAll().where('source', '=', 'hotukdeals').orderBy('id').execute();
    expect(deals).toHaveLength(5);
    expect(new Set(deals.map((d) => d.url)).size).toBe(5);
  });

  it('creates pending deals with store, category, pence prices and the external image', async () => {
    const rows = await h.db.kysely
      .selectFrom('deals as d')
      .innerJoin('stores as s', 's.id', 'd.store_id')
      .innerJoin('categories as c', 'c.id', 'd.category_id')
      .select(['d.title', 'd.status', 'd.user_id', 'd.price_pence', 'd.original_price_pence', 'd.image_url', 'd.thumbnail_url', 'd.description', 's.id as store_id', 's.name as store', 'c.name as category'])
      .where('d.source', '=', 'hotukdeals')
      .execute();
    const byTitle = Object.fromEntries(rows.map((r) => [r.title, r]));
    const s24 = byTitle['Samsung Galaxy S24 128GB Smartphone £499 @ Amazon'];
    expect(s24).toMatchObject({ status: 'pending', user_id: null, price_pence: 49900, store_id: 42, store: 'Amazon UK', category: 'Electronics', thumbnail_url: null });
    expect(s24.image_url).toBe(`${feed.base}/images/s24.png`);
    expect(s24.description).toContain('Galaxy S24 & it comes with a free case');
    expect(byTitle['Ninja Foodi Dual Zone Air Fryer AF400UK 9.5L - £149.99 @ Currys']).toMatchObject({ price_pence: 14999, store: 'Currys', category: 'Home & Garden' });
    expect(byTitle['LEGO Star Wars Millennium Falcon 75375 (was £74.99)']).toMatchObject({ price_pence: 5999, original_price_pence: 7499, store: 'Smyths Toys', category: 'Toys & Kids' });
    expect(byTitle['Free coffee for app users at Greggs']).toMatchObject({ price_pence: null, image_url: null, store: 'Greggs', category: 'Food & Drink' });
    expect(byTitle['Mystery Surprise Bundle £10 @ Very']).toMatchObject({ price_pence: 1000, store: 'Very', category: 'Other' });
    const created = await h.db.kysely.selectFrom('stores').select(['name', 'name_key']).where('name', 'in', ['Smyths Toys', 'Greggs']).orderBy('name').execute();
    expect(created).toEqual([
      { name: 'Greggs', name_key: 'greggs' },
      { name: 'Smyths Toys', name_key: 'smyths toys' },
    ]);
  });

  it('logs both runs newest first, completed, with their data files saved', async () => {
    const res = await h.request({ method: 'GET', url: '/api/admin/scrapers/logs', token: admin });
    const logs = res.body.data.logs;
    expect(logs).toHaveLength(2);
    expect(logs[0].id).toBeGreaterThan(logs[1].id);
    for (const log of logs) {
      expect(log).toMatchObject({ source: 'hotukdeals', status: 'completed', error: null });
      expect(log.finishedAt >= log.createdAt).toBe(true);
      const saved = JSON.parse(fs.readFileSync(path.join(h.config.scrapesDir, log.dataFile), 'utf8'));
      expect(saved.items).toHaveLength(7);
      expect(saved.items[0]).toMatchObject({ merchant: 'Amazon', pricePence: 49900 });
    }
    expect(logs.map((l: { dealsAdded: number }) => l.dealsAdded).reduce((x: number, y: number) => x + y)).toBe(5);
  });

  it('a later run adds nothing new; run-all answers per scraper', async () => {
    const res = await h.request({ method: 'POST', url: '/api/admin/scrapers/run-all', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.dealsAdded).toBe(0);
    expect(res.body.data.results).toEqual([expect.objectContaining({ source: 'hotukdeals', status: 'completed', dealsAdded: 0 })]);
    expect(await h.db.kysely.selectFrom('deals').select('id').where('source', '=', 'hotukdeals').execute()).toHaveLength(5);
  });

  it('an unknown source is a 404 and a missing one a 400', async () => {
    const unknown = await h.request({ method: 'POST', url: '/api/admin/scrapers/run', token: admin, payload: { source: 'nowhere' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Unknown scraper: nowhere');
    expect((await h.request({ method: 'POST', url: '/api/admin/scrapers/run', token: admin, payload: {} })).status).toBe(400);
    expect((await h.request({ method: 'POST', url: '/api/admin/scrapers/run/9', token: admin })).status).toBe(404);
  });
});

describe('failed scraper runs', () => {
  it('a page that is not a feed fails the run with the reason in the log', async () => {
    const h = await harnessFor('/rss/broken');
    try {
      const admin = await h.adminToken();
      const res = await h.request({ method: 'POST', url: '/api/admin/scrapers/run', token: admin, payload: { source: 'hotukdeals' } });
      expect(res.status).toBe(502);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/hotukdeals scraper failed: The feed is not an RSS document/);
      const [log] = (await h.request({ method: 'GET', url: '/api/admin/scrapers/logs', token: admin })).body.data.logs;
      expect(log).toMatchObject({ status: 'failed', dealsAdded: 0, dataFile: null });
      expect(log.error).toMatch(/not an RSS document/);
    } finally {
      await h.close();
    }
  });

  it('the feed host goes through the SSRF guard: without the allow entry the run fails without a request', async () => {
    const h = await createHarness({ SCRAPER_SOURCE_URL: `${feed.base}/rss/new` });
    try {
      const before = feed.hits.length;
      const res = await h.request({ method: 'POST', url: '/api/admin/scrapers/run-all', token: await h.adminToken() });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/Could not fetch the feed: Refusing to fetch 127\.0\.0\.1/);
      expect(feed.hits.length).toBe(before);
      expect(await h.db.kysely.selectFrom('deals').select('id').where('source', '=', 'hotukdeals').execute()).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('a 404 from the feed is a failed run', async () => {
    const h = await harnessFor('/rss/missing');
    try {
      const res = await h.request({ method: 'POST', url: '/api/admin/scrapers/run/hotukdeals', token: await h.adminToken() });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/HTTP 404/);
    } finally {
      await h.close();
    }
  });
});
