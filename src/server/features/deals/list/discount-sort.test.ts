import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('sort=discount: biggest percentage off first, no original price last', () => {
  let h: Harness;
  const d: Record<string, number> = {};
  beforeAll(async () => {
    h = await createHarness();
    const deal = async (name: string, price: number | null, original: number | null, extra: Parameters<typeof insertDeal>[1] = {}) => {
      d[name] = await insertDeal(h, { price_pence: price, original_price_pence: original, published_at: ago(Object.keys(d).length + 1), ...extra });
    };
    await deal('noOriginal', 1000, null); // -1: last
    await deal('half', 5000, 10000, { category_id: 3 }); // 50 %
    await deal('freeWithWas', 0, 1299, { title: 'Free coffee machine descaler' }); // 100 %
    await deal('tenth', 9000, 10000, { category_id: 3 }); // 10 %
    await deal('sameAsWas', 1500, 1500); // 0 %
    await deal('sixty', 4000, 10000, { store_id: 42 }); // 60 %
    await deal('halfToo', 2500, 5000, { store_id: 42 }); // 50 %, a later id: first of the two
    await deal('freebie', 0, null, { title: 'Free coffee sample' }); // -1
    await deal('dearerThanWas', 2000, 1800); // 0 %
    await deal('noPrice', null, null); // -1
    await deal('bigNumbers', 99_999_999, 100_000_000); // 0.000001 off: 0 basis points, never an overflow
    await deal('expiredBig', 100, 10000, { status: 'expired' }); // 99 %, but expired
    await deal('pendingBig', 100, 10000, { status: 'pending' });
  });
  afterAll(() => h.close());

  const list = async (qs: string) => {
    const res = await h.request({ method: 'GET', url: `/api/deals?sort=discount${qs}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.deals.map((x: { id: number }) => x.id) as number[];
  };
  const ZEROES = () => [d.bigNumbers, d.dearerThanWas, d.sameAsWas];
  const LAST = () => [d.noPrice, d.freebie, d.noOriginal];

  it('orders active deals by percentage off, ties newest id first, the undiscounted then the unpriced last', async () => {
    expect(await list('')).toEqual([d.freeWithWas, d.sixty, d.halfToo, d.half, d.tenth, ...ZEROES(), ...LAST()]);
  });

  it('pages through the same order', async () => {
    const whole = await list('');
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) paged.push(...(await list(`&pageSize=3&page=${page}`)));
    expect(paged).toEqual(whole);
  });

  it('combines with the category, store, type, search and status filters', async () => {
    expect(await list('&category=3')).toEqual([d.half, d.tenth]);
    expect(await list('&store=42')).toEqual([d.sixty, d.halfToo]);
    expect(await list('&dealType=discounted')).toEqual([d.freeWithWas, d.sixty, d.halfToo, d.half, d.tenth, d.bigNumbers]);
    expect(await list('&search=coffee')).toEqual([d.freeWithWas, d.freebie]);
    expect(await list('&status=expired')).toEqual([d.expiredBig]);
    // All: interleaved in discount order, or the live deals first with activeFirst; never the pending one.
    expect((await list('&status=all')).slice(0, 3)).toEqual([d.freeWithWas, d.expiredBig, d.sixty]);
    const activeFirst = await list('&status=all&activeFirst=true');
    expect(activeFirst).toEqual([d.freeWithWas, d.sixty, d.halfToo, d.half, d.tenth, ...ZEROES(), ...LAST(), d.expiredBig]);
    expect(activeFirst).not.toContain(d.pendingBig);
  });

  it('follows price changes made through the lifecycle', async () => {
    const admin = await h.adminToken();
    const row = await h.db.kysely.selectFrom('deals').selectAll().where('id', '=', d.noOriginal).executeTakeFirstOrThrow();
    const res = await h.request({
      method: 'PUT',
      url: `/api/admin/deals/${d.noOriginal}`,
      token: admin,
      payload: {
        title: row.title,
        description: row.description,
        price: 1,
        originalPrice: 100,
        url: row.url,
        status: 'active',
        storeId: row.store_id,
        categoryId: row.category_id,
        imageUrl: 'https://example.com/x.jpg',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await list('')).slice(0, 3)).toEqual([d.freeWithWas, d.noOriginal, d.sixty]); // 99 % off now
  });

  it('is in the sort enum: an unknown sort is still refused', async () => {
    expect((await h.request({ method: 'GET', url: '/api/deals?sort=cheapest-first' })).status).toBe(400);
  });
});
