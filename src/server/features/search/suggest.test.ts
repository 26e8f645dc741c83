import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { insertVouchers } from '../../test/data/insert-voucher.js';

/** GET /api/search/suggest on whichever engine the harness runs (PostgreSQL with TEST_DATABASE_URL). */
describe('GET /api/search/suggest', () => {
  let h: Harness;
  const d: Record<string, number> = {};
  beforeAll(async () => {
    h = await createHarness();
    d.cold = await insertDeal(h, { title: 'Samsung Galaxy Buds', temperature: 5 });
    d.hot = await insertDeal(h, { title: 'Samsung 55" QLED TV', temperature: 300 });
    d.warm = await insertDeal(h, { title: 'Samsung Galaxy S24', temperature: 40 });
    d.expired = await insertDeal(h, { title: 'Samsung fridge', temperature: 900, status: 'expired' });
    for (let i = 0; i < 4; i++) await insertDeal(h, { title: `Samsung cable ${i}`, temperature: -i });
    d.other = await insertDeal(h, { title: 'Dyson vacuum', temperature: 500 });
  });
  afterAll(() => h.close());

  const suggest = async (q: string) => {
    const res = await h.request({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
    expect(res.status, q).toBe(200);
    const { sections } = res.body.data as { sections: { kind: string; items: { id: number; name?: string; title?: string; slug?: string }[] }[] };
    expect(sections.every((s) => s.items.length > 0)).toBe(true);
    const of = (kind: string) => sections.find((s) => s.kind === kind)?.items ?? [];
    return {
      kinds: sections.map((s) => s.kind),
      stores: of('stores'),
      categories: of('categories'),
      deals: of('deals'),
      vouchers: of('vouchers') as Array<{ id: number } & Record<string, any>>,
    };
  };

  it('suggests up to 5 live deals the text finds, hottest first', async () => {
    const s = await suggest('sams');
    expect(s.deals.map((x) => x.id).slice(0, 3)).toEqual([d.hot, d.warm, d.cold]);
    expect(s.deals).toHaveLength(5);
    expect(s.deals.map((x) => x.id)).not.toContain(d.expired);
    // The deal search's synonyms too.
    expect((await suggest('hoover')).deals.map((x) => x.id)).toEqual([d.other]);
  });

  it('lists its sections in a fixed order, shops, categories then deals, leaving out empty ones', async () => {
    const stores = (await h.request({ method: 'GET', url: '/api/stores' })).body.data as { name: string }[];
    const s = await suggest(stores[0].name.slice(0, 4));
    expect(s.kinds[0]).toBe('stores');
    expect((await suggest('hoover')).kinds).toEqual(['deals']);
  });

  it('suggests shops and categories whose name holds the text', async () => {
    const stores = (await h.request({ method: 'GET', url: '/api/stores' })).body.data as { name: string }[];
    const categories = (await h.request({ method: 'GET', url: '/api/categories' })).body.data as { name: string }[];
    const store = stores[0].name;
    const category = categories[0].name;
    expect((await suggest(store.slice(0, 4))).stores.map((x) => x.name)).toContain(store);
    expect((await suggest(category.slice(0, 4).toUpperCase())).categories.map((x) => x.name)).toContain(category);
  });

  it('suggests nothing under 2 characters, and answers odd input without an error', async () => {
    expect((await suggest('s')).kinds).toEqual([]);
    expect((await suggest('')).kinds).toEqual([]);
    for (const q of ['%_', '"', "'; DROP TABLE deals; --", '🎉🎉', 'x'.repeat(200), '-sa', 'NEAR(sa']) await suggest(q);
    expect((await suggest('%%')).stores).toEqual([]);
    const long = await h.request({ method: 'GET', url: `/api/search/suggest?q=${'x'.repeat(201)}` });
    expect(long.status).toBe(400);
  });

  it('suggests live voucher codes by shop, title or code, working ones first; never pending or expired ones', async () => {
    const store = await h.db.kysely.selectFrom('stores').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const store_id = Number(store.id);
    const [works, failing] = await insertVouchers(h, [
      { store_id, code: 'ZAPWORK', title: 'Zappy 10% off', success_rate: 0.9 },
      { store_id, code: 'ZAPFAIL', title: 'Zappy 20% off', success_rate: 0.1, may_not_work: 1 },
      { store_id, code: 'ZAPWAIT', title: 'Zappy pending', status: 'pending' },
      { store_id, code: 'ZAPOLD', title: 'Zappy expired', status: 'expired' },
    ]);
    const s = await suggest('zappy');
    expect(s.vouchers.map((v: { id: number }) => v.id)).toEqual([works, failing]);
    expect(s.vouchers[0]).toMatchObject({ code: 'ZAPWORK', storeId: Number(store.id), storeName: store.name });
    expect((await suggest('zapwork')).vouchers.map((v: { id: number }) => v.id)).toEqual([works]);
    expect((await suggest(store.name.slice(0, 4))).vouchers.length).toBeGreaterThan(0);
  });
});
