import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { createHarness, type Harness } from '../../test/harness.js';

const BASE = 'http://localhost:3000';
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'item' || name === 'category' });

interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description: string;
  category: Array<{ '#text': string; '@_domain'?: string }>;
  enclosure?: { '@_url': string; '@_type': string; '@_length': string };
}

describe('GET /feeds/deals.xml', () => {
  let h: Harness;
  const ids: Record<string, number> = {};
  const HOSTILE_TITLE = '<script>alert("x")</script> & "q" ]]> a ]]> b\u0001';

  const feed = async (query = '', headers: Record<string, string> = {}) => {
    const res = await h.app.inject({ method: 'GET', url: `/feeds/deals.xml${query}`, headers });
    return { res, doc: res.statusCode === 200 && !res.headers['content-encoding'] ? parser.parse(res.body) : undefined };
  };
  const items = async (query = ''): Promise<Item[]> => (await feed(query)).doc?.rss.channel.item ?? [];
  const titles = async (query = '') => (await items(query)).map((i) => i.title);

  beforeAll(async () => {
    h = await createHarness();
    // One image really stored, so the enclosure carries its size.
    const imageDir = path.join(h.config.uploadsDir, 'deals');
    fs.mkdirSync(imageDir, { recursive: true });
    fs.writeFileSync(path.join(imageDir, 'ninja.webp'), Buffer.alloc(1234, 1));

    // Older filler deals first (category 7, Argos), so the three recent deals lead the newest-first feed.
    for (let i = 0; i < 32; i++) {
      await insertDeal(h, { title: `Filler ${i}`, category_id: 7, store_id: 1, price_pence: 2000 + i, published_at: ago(48 * HOUR + i * 60_000) });
    }
    ids.ninja = await insertDeal(h, {
      title: 'Ninja Air Fryer AF100UK',
      description: 'Great little air fryer, lowest price seen.\nDispatched by Amazon.',
      price_pence: 5999,
      original_price_pence: 9999,
      category_id: 1,
      store_id: 42,
      coupon: 'SAVE10',
      image_url: '/uploads/deals/ninja.webp',
      thumbnail_url: '/uploads/deals/ninja-thumb.webp',
      published_at: ago(1 * HOUR),
    });
    ids.free = await insertDeal(h, {
      title: 'Free coffee',
      price_pence: 0,
      original_price_pence: 250,
      category_id: 9,
      store_id: 12,
      image_url: 'https://evil.example/tracker.png',
      published_at: ago(2 * HOUR),
    });
    ids.hostile = await insertDeal(h, {
      title: HOSTILE_TITLE,
      description: '<img src=x onerror=alert(1)> "quoted" & more',
      coupon: '<b>CODE</b>',
      price_pence: 1000,
      category_id: 4,
      store_id: 11,
      image_url: '/uploads/deals/not-stored.webp',
      published_at: ago(3 * HOUR),
    });
    ids.pending = await insertDeal(h, { title: 'Pending secret', status: 'pending', published_at: ago(10 * 60_000) });
    ids.expired = await insertDeal(h, { title: 'Old expired', status: 'expired', price_pence: 500, published_at: ago(5 * HOUR) });
  });
  afterAll(() => h.close());

  it('answers RSS 2.0 with the first 30 deals, newest first, each with a priced title, link, guid, date, category and image', async () => {
    const { res, doc } = await feed();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(doc.rss['@_version']).toBe('2.0');
    const channel = doc.rss.channel;
    expect(channel.title).toBe('QuidsIn: Newest deals');
    expect(channel.link).toBe(`${BASE}/dealsBrowse`);
    expect(channel['atom:link']['@_href']).toBe(`${BASE}/feeds/deals.xml`);
    expect(channel.language).toBe('en-GB');
    expect(channel.item).toHaveLength(30);

    const [first, second, third] = channel.item as Item[];
    expect(first.title).toBe('Ninja Air Fryer AF100UK – £59.99');
    expect(second.title).toBe('Free coffee – FREE');
    expect(third.title).toContain('– £10.00');
    expect(first.link).toBe(`${BASE}/dealDetail/${ids.ninja}`);
    expect(first.guid['#text']).toBe(first.link);
    expect(first.guid['@_isPermaLink']).toBe('true');
    const published = (await h.db.kysely.selectFrom('deals').select('published_at').where('id', '=', ids.ninja).executeTakeFirstOrThrow()).published_at;
    expect(new Date(first.pubDate).toISOString()).toBe(new Date(Math.floor(Date.parse(published) / 1000) * 1000).toISOString());
    expect(first.category[0]['#text']).toBe('Electronics');
    expect(first.category[0]['@_domain']).toBe(`${BASE}/dealsBrowse?category=1`);
    expect(first.enclosure).toEqual({ '@_url': `${BASE}/uploads/deals/ninja.webp`, '@_type': 'image/webp', '@_length': '1234' });
    // The description is HTML: image, price with the original and the saving, store, text, code, link.
    expect(first.description).toContain(`<img src="${BASE}/uploads/deals/ninja.webp" alt="Ninja Air Fryer AF100UK" />`);
    expect(first.description).toContain('<strong>£59.99</strong> <del>£99.99</del> (40% off) at Amazon');
    expect(first.description).toContain('Great little air fryer, lowest price seen. Dispatched by Amazon.');
    expect(first.description).toContain('<code>SAVE10</code>');
    expect(first.description).toContain(`<a href="${BASE}/dealDetail/${ids.ninja}">`);
    expect(second.description).toContain('<strong>FREE</strong> <del>£2.50</del> (100% off) at Marks &amp; Spencer');
    // An external image is never shown to the public (SPEC §2): neither an enclosure nor in the HTML.
    expect(second.enclosure).toBeUndefined();
    expect(second.description).not.toContain('<img');
    expect((await feed()).res.body).not.toContain('evil.example');
  });

  it('never lists pending deals, nor expired ones unless asked', async () => {
    const all = await titles();
    expect(all).not.toContain('Pending secret');
    expect(all.some((t) => t.startsWith('Old expired'))).toBe(false);
    expect(await titles('?status=expired')).toEqual(['Old expired – £5.00']);
    expect(await titles('?status=all&sort=price-asc')).toContain('Old expired – £5.00');
  });

  it('honours every filter and sort of GET /api/deals, and names the view in the channel title', async () => {
    const { doc } = await feed('?category=9');
    expect(doc.rss.channel.title).toBe('QuidsIn: Newest deals in Food & Drink');
    expect(doc.rss.channel.item.map((i: Item) => i.title)).toEqual(['Free coffee – FREE']);
    expect(doc.rss.channel['atom:link']['@_href']).toBe(`${BASE}/feeds/deals.xml?category=9`);
    expect(await titles('?store=42')).toEqual(['Ninja Air Fryer AF100UK – £59.99']);
    expect(await titles('?search=ninja')).toEqual(['Ninja Air Fryer AF100UK – £59.99']);
    expect(await titles('?query=ninja')).toEqual(['Ninja Air Fryer AF100UK – £59.99']);
    expect(await titles('?dealType=free')).toEqual(['Free coffee – FREE']);
    expect(await titles('?minPrice=50&maxPrice=60')).toEqual(['Ninja Air Fryer AF100UK – £59.99']);
    expect((await titles('?sort=price-asc'))[0]).toBe('Free coffee – FREE');
    expect((await titles('?sort=price-desc'))[0]).toBe('Ninja Air Fryer AF100UK – £59.99');
    expect(await titles('?category=7&store=1')).toHaveLength(30);
    expect(await titles('?category=all&store=all')).toHaveLength(30);
    // The same list as the API, in the same order.
    const api = await h.request({ method: 'GET', url: '/api/deals?sort=price-asc&category=7' });
    expect((await items('?sort=price-asc&category=7')).map((i) => i.link)).toEqual(
      api.body.data.deals.map((d: { id: number }) => `${BASE}/dealDetail/${d.id}`),
    );
  });

  it('is always the first page of 30: paging parameters are ignored', async () => {
    expect(await titles('?page=2&pageSize=5')).toEqual(await titles());
  });

  it('refuses bad parameters with 400 and the API envelope', async () => {
    for (const query of [
      '?category=abc',
      '?store=0',
      '?sort=bogus',
      '?status=pending',
      '?minPrice=-1',
      '?maxPrice=x',
      '?dealType=cold',
      `?search=${'x'.repeat(201)}`,
    ]) {
      const { res } = await feed(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json(), query).toMatchObject({ success: false, error: expect.any(String) });
    }
  });

  it('keeps a hostile title, description and code inert and the XML well-formed', async () => {
    const { res, doc } = await feed('?category=4');
    const [item] = doc.rss.channel.item as Item[];
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toContain('\u0001');
    expect(item.title).toBe('&lt;script&gt;alert("x")&lt;/script&gt; & "q" ]]&gt; a ]]&gt; b – £10.00');
    expect(item.description).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; &amp; more');
    expect(item.description).toContain('<code>&lt;b&gt;CODE&lt;/b&gt;</code>');
    expect(item.description).toContain(`alt="&lt;script&gt;alert(&quot;x&quot;)`);
    // A local image whose file is missing is still the enclosure, with an unknown (0) length.
    expect(item.enclosure).toEqual({ '@_url': `${BASE}/uploads/deals/not-stored.webp`, '@_type': 'image/webp', '@_length': '0' });
    // A hostile search ends up in the channel title, inert too.
    const hostile = await feed(`?search=${encodeURIComponent('<script>x</script>')}`);
    expect(hostile.res.statusCode).toBe(200);
    expect(hostile.res.body).not.toMatch(/<script/i);
  });

  it('is cacheable: public max-age, a weak ETag, 304 on If-None-Match, compressed when accepted', async () => {
    const { res } = await feed('?sort=hottest');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await feed('?sort=hottest', { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.body).toBe('');
    expect(again.res.headers.etag).toBe(etag);
    expect((await feed('?sort=hottest', { 'if-none-match': `"other", ${etag.slice(2)}` })).res.statusCode).toBe(304);
    expect((await feed('?sort=hottest', { 'if-none-match': '"other"' })).res.statusCode).toBe(200);
    const gz = await feed('?sort=hottest', { 'accept-encoding': 'gzip' });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(gz.res.headers.vary).toBe('accept-encoding');
    expect(zlib.gunzipSync(gz.res.rawPayload).toString()).toBe(res.body);
  });

  it('shows a change as soon as the deals change (the anonymous read cache is emptied)', async () => {
    const before = await feed();
    const id = await insertDeal(h, { title: 'Brand new deal', price_pence: 100, published_at: new Date().toISOString() });
    h.app.anonymousCache?.clear();
    const after = await feed();
    expect((after.doc.rss.channel.item as Item[])[0].link).toBe(`${BASE}/dealDetail/${id}`);
    expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
  });
});
