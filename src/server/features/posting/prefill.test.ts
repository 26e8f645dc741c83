import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFILL_FAILED } from '../../../shared/schemas/deals/posting.js';
import { startShopPages, type ShopPages } from '../../test/fixtures/posting/shop-pages.js';
import { useHarness } from '../../test/harness.js';
import { backdateAccounts } from '../../test/data/accounts.js';
import { poundsFrom } from './prefill.js';

let pages: ShopPages;
beforeAll(async () => {
  pages = await startShopPages();
});
afterAll(() => pages.close());

describe('POST /api/deals/prefill', () => {
  const { h, member } = useHarness({ members: 1, env: () => ({ SAFE_FETCH_ALLOW: pages.allow }) });
  const prefill = (url: string, token: string | undefined = member.token) => h.request({ method: 'POST', url: '/api/deals/prefill', token, payload: { url } });

  it('is for members only', async () => {
    const visitor = await h.request({ method: 'POST', url: '/api/deals/prefill', payload: { url: pages.url('/p/jsonld') } });
    expect(visitor.status).toBe(401);
  });

  it('fills title, price, list price, first line of description and the picture from JSON-LD', async () => {
    const res = await prefill(pages.url('/p/jsonld'));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      title: 'Ninja Foodi Dual Zone Air Fryer AF300UK 7.6L',
      price: 149.99,
      originalPrice: 219.99,
      description: 'Two independent drawers cook two foods two ways. Finish both at the same time with Sync.',
    });
    expect(d.filled).toEqual(expect.arrayContaining(['title', 'price', 'originalPrice', 'description', 'image']));
    // The picture is the member's own upload, re-encoded: the deal may use it as if they had uploaded it.
    expect(d.imageUrl).toMatch(/^\/uploads\/deals\/.+\.webp$/);
    const upload = await h.db.kysely.selectFrom('deal_uploads').select(['owner_id', 'deal_id']).where('path', '=', d.imageUrl).executeTakeFirst();
    expect(upload).toEqual({ owner_id: member.id, deal_id: null });
    const posted = await h.request({
      method: 'POST',
      url: '/api/deals',
      token: member.token,
      payload: {
        title: d.title,
        description: d.description,
        url: pages.url('/p/jsonld'),
        image_url: d.imageUrl,
        thumbnail_url: d.thumbnailUrl,
        price: d.price,
        original_price: d.originalPrice,
        category_id: 1,
        store_id: 1,
      },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data.imageUrl).toBe(d.imageUrl);
  });

  it('reads Open Graph alone, with a "was" price from the text and the site name as the shop name', async () => {
    const res = await prefill(pages.url('/p/og'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Bosch TWK7203GB Sky Kettle 1.7L',
      price: 59,
      originalPrice: 89.99,
      description: 'Variable temperature kettle with keep-warm function.',
      shopName: 'Home Shop',
      store: null,
    });
    expect(res.body.data.imageUrl).toMatch(/^\/uploads\/deals\//);
  });

  it('reads microdata', async () => {
    const res = await prefill(pages.url('/p/microdata'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Lego Star Wars X-Wing 75355', price: 169.99, description: 'The Ultimate Collector Series X-Wing.' });
    expect(res.body.data.filled).toContain('image');
  });

  it('falls back to the visible text of a page without structured data', async () => {
    const res = await prefill(pages.url('/p/text'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Anker PowerCore 10000 power bank', price: 17.99, originalPrice: 29.99, imageUrl: null });
  });

  it('answers 422 with the note for a page with nothing usable, a refusing shop and a missing page', async () => {
    for (const path of ['/p/empty', '/p/refused', '/p/nowhere']) {
      const res = await prefill(pages.url(path));
      expect(res.status, path).toBe(422);
      expect(res.body).toEqual({ success: false, error: PREFILL_FAILED });
    }
  });

  it('gives up on a page slower than its 5 s budget with the note, never a 5xx', async () => {
    const started = Date.now();
    const res = await prefill(pages.url('/p/slow'));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(PREFILL_FAILED);
    expect(Date.now() - started).toBeLessThan(7_000);
  }, 10_000);

  it('refuses SSRF: a redirect to a private address, loopback and plain http outside SAFE_FETCH_ALLOW', async () => {
    const before = pages.server.hits.length;
    const redirected = await prefill(pages.url('/p/private'));
    expect(redirected.status).toBe(422);
    expect(pages.server.hits.slice(before)).toEqual(['GET /p/private']);
    for (const url of [
      'https://127.0.0.1:9/p',
      'https://[::1]:9/p',
      'https://10.1.2.3/p',
      'http://example.com/p',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const res = await prefill(url);
      expect(res.status, url).toBe(422);
      expect(res.body.error).toMatch(/fill in the details yourself$/);
    }
    expect((await prefill('http://example.com/p')).body.error).toBe('Only https links can be read: fill in the details yourself');
    expect((await prefill('ftp://example.com/p')).status).toBe(400);
    expect((await prefill('not a url')).status).toBe(400);
  });

  it('picks the shop stored under the link\u2019s host', async () => {
    await h.db.kysely.updateTable('stores').set({ domain: '127.0.0.1' }).where('id', '=', 2).execute();
    const res = await prefill(pages.url('/p/og'));
    expect(res.body.data.store).toMatchObject({ id: 2, confirmed: true });
    expect(res.body.data.filled).toContain('store');
    await h.db.kysely.updateTable('stores').set({ domain: null }).where('id', '=', 2).execute();
  });
});

describe('prefill rate limit', () => {
  const { h, member } = useHarness({ members: 1, env: () => ({ SAFE_FETCH_ALLOW: pages.allow, RATE_LIMIT_FACTOR: '0.1' }) });
  it('answers 429 past the member\u2019s budget (20 per 10 minutes; 2 here)', async () => {
    await backdateAccounts(h, [member.id], 48);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await h.request({ method: 'POST', url: '/api/deals/prefill', token: member.token, payload: { url: pages.url('/p/text') } })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('poundsFrom', () => {
  it('reads pounds and refuses other currencies', () => {
    expect(poundsFrom('£1,099.99')).toBe(1099.99);
    expect(poundsFrom('£5')).toBe(5);
    expect(poundsFrom('249.00 USD')).toBeNull();
    expect(poundsFrom(null)).toBeNull();
  });
});
