import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedProductKey } from '../products/index.js';
import { selectDealsWithRefs } from '../deals/index.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { fixture, type FixtureServer, pepperFeed, send, startServer } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { productClaim } from './import-items.js';

let feed: FixtureServer;

beforeAll(async () => {
  feed = await startServer();
  feed.route('/rss/new', send('application/rss+xml; charset=utf-8', pepperFeed(feed.base)));
  feed.route('/rss/broken', send('text/html', '<html><body>Cloudflare says no</body></html>'));
  feed.route('/rss/hot', send('application/rss+xml; charset=utf-8', fixture('hotukdeals-hot.xml')));
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
    const rows = await selectDealsWithRefs(h.db.kysely).where('d.source', '=', 'hotukdeals').execute();
    const byTitle = Object.fromEntries(rows.map((r) => [r.title, r]));
    const s24 = byTitle['Samsung Galaxy S24 128GB Smartphone £499 @ Amazon'];
    expect(s24).toMatchObject({
      status: 'pending',
      user_id: null,
      price_pence: 49900,
      store_id: 42,
      store_name: 'Amazon UK',
      category_name: 'Electronics',
      thumbnail_url: null,
    });
    expect(s24.image_url).toBe(`${feed.base}/images/s24.png`);
    expect(s24.description).toContain('Galaxy S24 & it comes with a free case');
    expect(byTitle['Ninja Foodi Dual Zone Air Fryer AF400UK 9.5L - £149.99 @ Currys']).toMatchObject({
      price_pence: 14999,
      store_name: 'Currys',
      category_name: 'Home & Garden',
    });
    expect(byTitle['LEGO Star Wars Millennium Falcon 75375 (was £74.99)']).toMatchObject({
      price_pence: 5999,
      original_price_pence: 7499,
      store_name: 'Smyths Toys',
      category_name: 'Toys & Kids',
    });
    expect(byTitle['Free coffee for app users at Greggs']).toMatchObject({
      price_pence: null,
      image_url: null,
      store_name: 'Greggs',
      category_name: 'Food & Drink',
    });
    expect(byTitle['Mystery Surprise Bundle £10 @ Very']).toMatchObject({ price_pence: 1000, store_name: 'Very', category_name: 'Other' });
    const created = await h.db.kysely
      .selectFrom('stores')
      .select(['name', 'name_key'])
      .where('name', 'in', ['Smyths Toys', 'Greggs'])
      .orderBy('name')
      .execute();
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

describe('scraper runs and product identity', () => {
  const DAY = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const LEGO = 'https://www.hotukdeals.com/deals/lego-millennium-falcon-75375-4512361';
  const GREGGS = 'https://www.hotukdeals.com/freebies/free-coffee-greggs-app-4512377';

  it('skips items whose product has a deal of the last 30 days from anyone, keys the rest, and matches merchants to the oldest store', async () => {
    const h = await harnessFor('/rss/new');
    try {
      const member = await h.createUser();
      // The same product, posted by a member a few days ago with tracking on the link.
      const posted = await insertDeal(h, {
        url: `${LEGO}?utm_source=share`,
        product_key: storedProductKey(LEGO),
        user_id: member.id,
        status: 'active',
        created_at: ago(3),
      });
      // Older than the window: no longer in the way.
      await insertDeal(h, { url: GREGGS, product_key: storedProductKey(GREGGS), status: 'expired', created_at: ago(40) });
      // A newer store of the same merchant as the seeded "Amazon UK" (42): the oldest keeps it.
      const now = new Date().toISOString();
      await h.db.kysely
        .insertInto('stores')
        .values({ name: 'Amazon', name_key: 'amazon', url: null, logo_url: null, created_at: now, updated_at: now })
        .execute();

      const res = await h.request({ method: 'POST', url: '/api/admin/scrapers/run/hotukdeals', token: await h.adminToken() });
      expect(res.status).toBe(200);
      // 7 items: an exact repeat, a tracking repost and the member's product are skipped.
      expect(res.body.data).toMatchObject({ itemsFound: 7, dealsAdded: 4, skipped: 3 });

      const deals = await h.db.kysely
        .selectFrom('deals')
        .select(['id', 'url', 'product_key', 'store_id', 'temperature', 'title'])
        .where('source', '=', 'hotukdeals')
        .execute();
      expect(deals.map((d) => d.url)).not.toContain(LEGO);
      expect(deals.map((d) => d.url)).toContain(GREGGS);
      for (const d of deals) {
        expect(d.product_key).toBe(storedProductKey(d.url));
        expect(d.temperature).toBe(0);
      }
      expect(deals.find((d) => d.title.startsWith('Samsung Galaxy S24'))?.store_id).toBe(42);
      // Each imported deal with a price has its first price point, from the scraper.
      const points = await h.db.kysely
        .selectFrom('price_points')
        .select(['deal_id', 'source', 'product_key'])
        .where(
          'deal_id',
          'in',
          deals.map((d) => d.id),
        )
        .execute();
      expect(points).toHaveLength(deals.length - 1); // the free coffee has no price
      expect(new Set(points.map((p) => p.source))).toEqual(new Set(['scraper']));
      // The member's deal is untouched, and the product is not claimed by the skipped item.
      expect(await h.db.kysely.selectFrom('deals').select('id').where('id', '=', posted).executeTakeFirst()).toBeTruthy();
      const claims = await h.db.kysely.selectFrom('scraped_items').select('item_key').where('item_key', 'like', 'product:%').execute();
      expect(claims.map((c) => c.item_key).sort()).toEqual(deals.map((d) => productClaim(d.product_key!)).sort());
    } finally {
      await h.close();
    }
  });

  it('keeps our temperature at 0 whatever the feed says, and a product claim lapses after 30 days', async () => {
    const h = await harnessFor('/rss/hot');
    try {
      const lenovo = storedProductKey('https://www.hotukdeals.com/deals/lenovo-legion-7i-4959530')!;
      const dyson = storedProductKey('https://www.hotukdeals.com/deals/dyson-v8-4959535')!;
      // A claim from 40 days ago no longer holds the product; one from 5 days ago (its deal since deleted) still does.
      await h.db.kysely
        .insertInto('scraped_items')
        .values({ source: 'hotukdeals', item_key: productClaim(lenovo), deal_id: null, created_at: ago(40) })
        .execute();
      await h.db.kysely
        .insertInto('scraped_items')
        .values({ source: 'hotukdeals', item_key: productClaim(dyson), deal_id: null, created_at: ago(5) })
        .execute();

      const res = await h.request({ method: 'POST', url: '/api/admin/scrapers/run/hotukdeals', token: await h.adminToken() });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ itemsFound: 8, dealsAdded: 7, skipped: 1 });
      const saved = JSON.parse(fs.readFileSync(path.join(h.config.scrapesDir, res.body.data.dataFile), 'utf8'));
      expect(saved.items.filter((i: { feedTemperature: number | null }) => i.feedTemperature !== null).length).toBeGreaterThan(5);

      const deals = await h.db.kysely.selectFrom('deals').select(['product_key', 'temperature']).where('source', '=', 'hotukdeals').execute();
      expect(deals).toHaveLength(7);
      expect(deals.map((d) => d.temperature)).toEqual(deals.map(() => 0));
      expect(deals.map((d) => d.product_key)).toContain(lenovo);
      expect(deals.map((d) => d.product_key)).not.toContain(dyson);
      const claim = await h.db.kysely
        .selectFrom('scraped_items')
        .select(['deal_id', 'created_at'])
        .where('item_key', '=', productClaim(lenovo))
        .executeTakeFirstOrThrow();
      expect(claim.deal_id).not.toBeNull();
      expect(claim.created_at > ago(1)).toBe(true);
    } finally {
      await h.close();
    }
  });
});
