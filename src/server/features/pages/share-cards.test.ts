import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { createWebApp, type WebApp } from '../../test/web-app.js';
import { decodeEntities } from '../../http/markup.js';

const BASE = 'http://localhost:3000';
const SITE_TITLE = 'QuidsIn — UK deals, voted by the community';
const SITE_DESCRIPTION = 'QuidsIn — the UK community for the best deals & freebies.';

/** <meta property|name=... content=...> of a page, decoded. */
function metaOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) out[m[1]] = decodeEntities(m[2]);
  return out;
}
const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const feedLinksOf = (html: string) =>
  [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]*)" href="([^"]*)" \/>/g)].map((m) => ({
    title: decodeEntities(m[1]),
    href: decodeEntities(m[2]),
  }));

describe('the HTML pages: share cards and feed links in <head>', () => {
  let h: Harness;
  let web: WebApp;
  const ids: Record<string, number> = {};
  const HOSTILE = "\"><script>alert(1)</script> 'quoted' & <b>bold</b>";

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await web.app.inject({ method: 'GET', url, headers });
    return { res, html: res.body };
  };

  beforeAll(async () => {
    h = await createHarness();
    web = await createWebApp(h);
    ids.active = await insertDeal(h, {
      title: 'Ninja Air Fryer AF100UK',
      description: 'Great little air fryer, lowest price seen in months.\n\nDispatched by Amazon, arrives in two days.',
      price_pence: 5999,
      original_price_pence: 9999,
      store_id: 1,
      image_url: '/uploads/deals/ninja.webp',
    });
    ids.expired = await insertDeal(h, { title: 'Lapsed kettle offer', status: 'expired', price_pence: 1500, original_price_pence: null, store_id: 2 });
    ids.free = await insertDeal(h, { title: 'Free sample', price_pence: 0, original_price_pence: null, image_url: 'https://external.example/x.jpg' });
    ids.pending = await insertDeal(h, { title: 'Pending secret title', status: 'pending' });
    ids.rejected = await insertDeal(h, { title: 'Rejected secret title', status: 'rejected' });
    ids.deleted = await insertDeal(h, { title: 'Deleted secret title', status: 'deleted' });
    ids.hostile = await insertDeal(h, { title: HOSTILE, description: '</title><script>alert(2)</script>', price_pence: 100 });
  });
  afterAll(async () => {
    await web.close();
    await h.close();
  });

  it("gives a public deal's page its own card: title, Open Graph product, Twitter large image, price in GBP, canonical", async () => {
    const { res, html } = await page(`/dealDetail/${ids.active}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(titleOf(html)).toBe('Ninja Air Fryer AF100UK — QuidsIn');
    const url = `${BASE}/dealDetail/${ids.active}`;
    expect(metaOf(html)).toEqual({
      viewport: 'width=device-width, initial-scale=1.0',
      description: '£59.99 (was £99.99, 40% off) at Argos. Great little air fryer, lowest price seen in months. Dispatched by Amazon, arrives in two days.',
      'og:site_name': 'QuidsIn',
      'og:type': 'product',
      'og:title': 'Ninja Air Fryer AF100UK',
      'og:description':
        '£59.99 (was £99.99, 40% off) at Argos. Great little air fryer, lowest price seen in months. Dispatched by Amazon, arrives in two days.',
      'og:url': url,
      'og:locale': 'en_GB',
      'og:image': `${BASE}/uploads/deals/ninja.webp`,
      'og:image:alt': 'Ninja Air Fryer AF100UK',
      'twitter:card': 'summary_large_image',
      'product:price:amount': '59.99',
      'product:price:currency': 'GBP',
    });
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    // One title, one description: the template's own were replaced, not duplicated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // The rest of the template is untouched, and no script was added (the CSP stays as strict as it was).
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toBe((await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['content-security-policy']);
  });

  it('gives an expired deal a card that says so, and a deal without a local image a small card without an image', async () => {
    const expired = metaOf((await page(`/dealDetail/${ids.expired}`)).html);
    expect(expired['og:title']).toBe('Lapsed kettle offer');
    expect(expired['og:description']).toMatch(/^Expired deal: £15\.00 at Currys\./);
    const free = metaOf((await page(`/dealDetail/${ids.free}`)).html);
    expect(free['og:description']).toMatch(/^FREE at Argos\./);
    expect(free['og:image']).toBeUndefined();
    expect(free['twitter:card']).toBe('summary');
    expect(free['product:price:amount']).toBe('0.00');
  });

  it("asks the browser for a deal's own picture with the HTML (the page's largest paint), never for an external one", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high" \/>/g)].map((m) => m[1]);
    expect(preloads((await page(`/dealDetail/${ids.active}`)).html)).toEqual(['/uploads/deals/ninja.webp']);
    expect(preloads((await page(`/dealDetail/${ids.free}`)).html)).toEqual([]);
    expect(preloads((await page(`/dealDetail/${ids.pending}`)).html)).toEqual([]);
    expect(preloads((await page('/')).html)).toEqual([]);
  });

  it('gives pending, rejected, deleted, missing and malformed deals the generic card and never their title, as a 404', async () => {
    const { html: generic } = await page('/login');
    for (const id of [ids.pending, ids.rejected, ids.deleted, 999_999, 'abc', '0', '99999999999']) {
      const { res, html } = await page(`/dealDetail/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(html, String(id)).toBe(generic);
      expect(html).not.toMatch(/secret title/i);
    }
    expect(titleOf(generic)).toBe(SITE_TITLE);
    expect(metaOf(generic)).toMatchObject({
      description: SITE_DESCRIPTION,
      'og:type': 'website',
      'og:title': SITE_TITLE,
      'og:description': SITE_DESCRIPTION,
      'og:url': `${BASE}/`,
      'og:site_name': 'QuidsIn',
      'twitter:card': 'summary',
    });
    expect(generic).not.toContain('rel="canonical"');
    expect(feedLinksOf(generic)).toEqual([]);
  });

  it('keeps a hostile title and description inert', async () => {
    const { html } = await page(`/dealDetail/${ids.hostile}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"><script');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(titleOf(html)).toBe(`${HOSTILE} — QuidsIn`);
    const meta = metaOf(html);
    expect(meta['og:title']).toBe(HOSTILE);
    expect(meta['og:description']).toBe('£1.00 (was £20.00, 95% off) at Argos. </title><script>alert(2)</script>');
  });

  it('advertises the feed on the home page and the feed of the current view on the browse page', async () => {
    expect(feedLinksOf((await page('/')).html)).toEqual([{ title: 'QuidsIn: Newest deals', href: `${BASE}/feeds/deals.xml` }]);
    expect(feedLinksOf((await page('/dealsBrowse?status=active&sort=newest')).html)).toEqual([
      { title: 'QuidsIn: Newest deals', href: `${BASE}/feeds/deals.xml` },
    ]);
    const filtered = await page('/dealsBrowse?search=coffee&category=9&store=all&status=all&sort=hottest&page=3&pageSize=60&minPrice=5&dealType=free,hot');
    expect(feedLinksOf(filtered.html)).toEqual([
      {
        title: 'QuidsIn: Hottest deals in Food & Drink matching "coffee", from £5.00 (free, hot)',
        href: `${BASE}/feeds/deals.xml?search=coffee&category=9&status=all&sort=hottest&minPrice=5&dealType=free%2Chot`,
      },
    ]);
    expect(filtered.html).toContain('href="http://localhost:3000/feeds/deals.xml?search=coffee&amp;category=9&amp;');
    // /deals is the browse page too (SPEC §2).
    expect(feedLinksOf((await page('/deals?sort=trending')).html)[0].href).toBe(`${BASE}/feeds/deals.xml?sort=trending`);
    // What the page would ignore, the feed link leaves out, so the link always works.
    expect(feedLinksOf((await page('/dealsBrowse?category=abc&sort=bogus&minPrice=-3&dealType=cold')).html)[0].href).toBe(`${BASE}/feeds/deals.xml`);
  });

  it('escapes a hostile query string in the feed link, and the link it writes is a working feed', async () => {
    const { html } = await page(`/dealsBrowse?search=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script/g)).toHaveLength(1);
    const [link] = feedLinksOf(html);
    expect(link.title).toBe('QuidsIn: Newest deals matching ""><script>alert(1)</script>"');
    const feed = await web.app.inject({ method: 'GET', url: link.href.slice(BASE.length) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  });

  it('gives the other client routes the generic card and keeps JSON 404s for the API, uploads, feeds and other methods', async () => {
    for (const url of ['/login', '/deals/create', '/user/profile', '/stores']) {
      const { res, html } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(html), url).toBe(SITE_TITLE);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/api/nope', '/uploads/nope.webp', '/feeds/nope.xml', '/sitemaps/nope.xml']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, error: 'Not found' });
    }
    expect((await web.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    // The built files are still served as files.
    expect((await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).body).toContain('console.log');
  });

  it('answers 304 to a client holding the same page, and a new ETag when the deal changes', async () => {
    const url = `/dealDetail/${ids.active}`;
    const first = await page(url);
    const etag = String(first.res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await page(url, { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.body).toBe('');
    expect(again.res.headers['cache-control']).toBe('no-cache');
    await h.db.kysely.updateTable('deals').set({ title: 'Ninja Air Fryer, now cheaper' }).where('id', '=', ids.active).execute();
    const changed = await page(url, { 'if-none-match': etag });
    expect(changed.res.statusCode).toBe(200);
    expect(metaOf(changed.html)['og:title']).toBe('Ninja Air Fryer, now cheaper');
    const home = await page('/');
    expect((await page('/', { 'if-none-match': String(home.res.headers.etag) })).res.statusCode).toBe(304);
  });

  it("asks for the first card's picture of the home page's first row and of the plain browse page with the HTML", async () => {
    // A warm deal with a thumbnail (Getting Warm, the home page's first row), and a newer one (browse's first card).
    await h.db.kysely
      .updateTable('deals')
      .set({ temperature: 5, hot_score: 9, thumbnail_url: '/uploads/deals/ninja-thumb.webp' })
      .where('id', '=', ids.active)
      .execute();
    await insertDeal(h, { title: 'Newest deal', image_url: '/uploads/deals/new.webp', thumbnail_url: '/uploads/deals/new-thumb.webp' });
    // A fresh app: the hints are looked up once per CARD_HINT_TTL_MS, and the first app's are from before these rows.
    const fresh = await createWebApp(h);
    try {
      const preloads = async (url: string) =>
        [...(await fresh.app.inject({ method: 'GET', url })).body.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high" \/>/g)].map(
          (m) => m[1],
        );
      expect(await preloads('/')).toEqual(['/uploads/deals/ninja-thumb.webp']);
      expect(await preloads('/dealsBrowse')).toEqual(['/uploads/deals/new-thumb.webp']);
      // Any other view of the list: its first card is not looked up.
      expect(await preloads('/dealsBrowse?sort=hottest')).toEqual([]);
      expect(await preloads('/dealsBrowse?page=2')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("uses the build's og-image.png as the site image when there is one", async () => {
    const withImage = await createWebApp(h, { 'og-image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    try {
      const generic = metaOf((await withImage.app.inject({ method: 'GET', url: '/' })).body);
      expect(generic['og:image']).toBe(`${BASE}/og-image.png`);
      expect(generic['twitter:card']).toBe('summary_large_image');
      // A deal without a local image shows the site image rather than none.
      expect(metaOf((await withImage.app.inject({ method: 'GET', url: `/dealDetail/${ids.free}` })).body)['og:image']).toBe(`${BASE}/og-image.png`);
    } finally {
      await withImage.close();
    }
  });
});
