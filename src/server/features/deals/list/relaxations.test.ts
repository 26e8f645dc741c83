import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealPageSchema } from '../../../../shared/schemas/deals/deals.js';
import { CATEGORIES } from '../../../db/seed/reference-data.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { createHarness, type Harness } from '../../../test/harness.js';

/** An empty search's "Remove <filter> — N deals" offers (docs/notes/search.md), on whichever engine the harness runs. */
describe('GET /deals relaxations', () => {
  let h: Harness;
  const list = async (query: string) => {
    const res = await h.request({ method: 'GET', url: `/api/deals?${query}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return dealPageSchema.parse(res.body.data);
  };

  beforeAll(async () => {
    h = await createHarness();
    // Three wombat kettles: one cheap in category 1 at store 2, two dearer in category 2 at store 3 (one hot).
    await insertDeal(h, { title: 'Wombat kettle 1.7L', category_id: 1, store_id: 2, price_pence: 1500 });
    await insertDeal(h, { title: 'Wombat kettle glass', category_id: 2, store_id: 3, price_pence: 4500, temperature: 30 });
    await insertDeal(h, { title: 'Wombat kettle steel', category_id: 2, store_id: 3, price_pence: 6000 });
  });
  afterAll(() => h?.close());

  it('offers each active filter with what the search finds without it', async () => {
    const page = await list('search=wombat&category=1&store=3&maxPrice=20&sort=hottest&page=1');
    expect(page.totalCount).toBe(0);
    expect(page.deals).toEqual([]);
    // Without the category or the price, the store and the rest still find none: only the store is offered.
    expect(page.relaxations).toEqual([{ filter: 'store', label: 'Tesco', count: 1, query: 'search=wombat&category=1&maxPrice=20&sort=hottest' }]);
  });

  it('names the price range and each deal type, and the links keep the other filters', async () => {
    const page = await list('search=wombat&minPrice=50&maxPrice=55&dealType=hot,free');
    expect(page.relaxations).toEqual([{ filter: 'price', label: '£50.00 - £55.00', count: 1, query: 'search=wombat&dealType=hot%2Cfree' }]);
    const priceOnly = await list('search=wombat&maxPrice=10');
    expect(priceOnly.relaxations).toEqual([{ filter: 'price', label: 'Under £10.00', count: 3, query: 'search=wombat' }]);
    const types = await list('search=wombat&category=1&dealType=hot');
    expect(types.relaxations).toEqual([
      { filter: 'category', label: CATEGORIES[0].name, count: 1, query: 'search=wombat&dealType=hot' },
      { filter: 'dealType', label: 'Hot', count: 1, query: 'search=wombat&category=1' },
    ]);
  });

  it('is absent when the page lists deals, when nothing is searched, and when no filter is set', async () => {
    expect((await list('search=wombat&category=2')).relaxations).toBeUndefined();
    expect((await list('search=zzyzxnothing')).relaxations).toBeUndefined();
    expect((await list('category=1&maxPrice=1&store=3')).relaxations).toBeUndefined();
  });

  it('follows a link: the query it gives lists the deals it counted', async () => {
    const [offer] = (await list('search=wombat&category=1&store=3')).relaxations ?? [];
    expect(offer).toMatchObject({ filter: 'category', count: 2 });
    const next = await list(offer.query);
    expect(next.totalCount).toBe(2);
  });
});
