import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { LIST_COUNT_CAP } from '../list/list-query.js';

/** A search's total is counted up to LIST_COUNT_CAP; browsing without a search stays exact. */
describe('the total of a search', () => {
  let h: Harness;
  const many = LIST_COUNT_CAP + 10;

  beforeAll(async () => {
    h = await createHarness();
    for (let i = 1; i <= many; i++) await insertDeal(h, { title: `Widget model ${i}`, published_at: new Date(Date.now() - i * 60_000).toISOString() });
    await insertDeal(h, { title: 'Sprocket spanner', published_at: new Date(Date.now() - 10 * 86_400_000).toISOString() });
    for (let i = 1; i <= 50; i++)
      await insertDeal(h, { title: `Gadget ${i}`, description: 'Comes with a sprocket', published_at: new Date(Date.now() - i * 60_000).toISOString() });
  });
  afterAll(() => h.close());

  const list = (qs: string) => h.request({ method: 'GET', url: `/api/deals${qs}` });

  it('stops at the cap and says so, with pages up to it', async () => {
    const res = await list('?search=widget');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalCount: LIST_COUNT_CAP, totalCountCapped: true, totalPages: Math.ceil(LIST_COUNT_CAP / 30) });
    expect(res.body.data.deals).toHaveLength(30);
    expect(res.body.data.deals[0].title).toBe('Widget model 1');
    const last = await list(`?search=widget&page=${Math.ceil(LIST_COUNT_CAP / 30)}`);
    expect(last.body.data.deals.length).toBeGreaterThan(0);
  });

  it('puts the title match first however the parts are read (one deal a page: many matches, one in a title)', async () => {
    const titles = async (qs: string) => (await list(qs)).body.data.deals.map((d: { title: string }) => d.title);
    expect(await titles('?search=sprocket&pageSize=1')).toEqual(['Sprocket spanner']);
    expect(await titles('?search=sprocket&pageSize=1&page=2')).toEqual(['Gadget 1']);
    expect(await titles('?search=sprocket&pageSize=1&page=51')).toEqual(['Gadget 50']);
    expect(await titles('?search=sprocket&pageSize=60')).toEqual(['Sprocket spanner', ...Array.from({ length: 50 }, (_, i) => `Gadget ${i + 1}`)]);
  });

  it('is exact below the cap, and without a search', async () => {
    const few = await list('?search=widget%2099');
    // "99" is a prefix: 99 and 990-999.
    expect(few.body.data).toMatchObject({ totalCount: 11 });
    expect(few.body.data).not.toHaveProperty('totalCountCapped');
    const one = await list('?search=spanner');
    expect(one.body.data).toMatchObject({ totalCount: 1, totalPages: 1 });
    const all = await list('');
    expect(all.body.data).toMatchObject({ totalCount: many + 51 });
    expect(all.body.data).not.toHaveProperty('totalCountCapped');
  });
});
