import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { invalidateDealCounts } from '../../../db/reads/count-cache.js';
import { LIST_COUNT_CAP } from './list-query.js';

/**
 * A list narrowed by price (or deal type) is counted up to LIST_COUNT_CAP, like a search; below the cap the total is
 * exact whatever the status filter, lapsed deals included; a category alone stays exact past it.
 */
describe('the total of a list narrowed by price', () => {
  let h: Harness;
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
  const live = LIST_COUNT_CAP - 2;
  const lapsed = 5;
  const expired = 2;

  beforeAll(async () => {
    h = await createHarness();
    const inBand = { category_id: 3, price_pence: 1500 };
    // Live and lapsed together pass the cap; the live ones alone do not.
    for (let i = 0; i < live; i++) await insertDeal(h, inBand);
    for (let i = 0; i < lapsed; i++) await insertDeal(h, { ...inBand, expires_at: hourAgo() });
    for (let i = 0; i < expired; i++) await insertDeal(h, { ...inBand, status: 'expired' });
    for (let i = 0; i < 20; i++) await insertDeal(h, { category_id: 3, price_pence: 5000 });
    for (let i = 0; i < 20; i++) await insertDeal(h, { category_id: 4, price_pence: 1500 });
  });
  afterAll(() => h.close());

  /** Rows written straight to the database bypass the app's writes, so the caches they would have emptied are emptied here. */
  const forgetCounts = () => {
    invalidateDealCounts(h.db);
    h.app.anonymousCache?.clear();
  };

  const total = async (qs: string) => {
    const res = await h.request({ method: 'GET', url: `/api/deals?category=3&${qs}` });
    expect(res.status).toBe(200);
    const { totalCount, totalCountCapped, totalPages, pageSize } = res.body.data;
    expect(totalPages).toBe(Math.ceil(totalCount / pageSize));
    return { totalCount, capped: totalCountCapped === true };
  };

  it('is exact below the cap, counting past the lapsed deals', async () => {
    expect(await total('minPrice=10&maxPrice=20')).toEqual({ totalCount: live, capped: false });
    expect(await total('minPrice=10&maxPrice=20&status=expired')).toEqual({ totalCount: expired + lapsed, capped: false });
  });

  it('stops at the cap once there are more', async () => {
    for (let i = 0; i < 3; i++) await insertDeal(h, { category_id: 3, price_pence: 1200 });
    forgetCounts();
    expect(await total('minPrice=10&maxPrice=20')).toEqual({ totalCount: LIST_COUNT_CAP, capped: true });
    expect(await total('minPrice=10&status=all')).toEqual({ totalCount: LIST_COUNT_CAP, capped: true });
    // The page still lists the band's deals, and the last page the cap allows has some.
    const last = await h.request({ method: 'GET', url: `/api/deals?category=3&minPrice=10&maxPrice=20&page=${Math.ceil(LIST_COUNT_CAP / 30)}` });
    expect(last.body.data.deals.length).toBeGreaterThan(0);
    for (const d of last.body.data.deals) expect(d.price).toBeGreaterThanOrEqual(10);
  });

  it('stays exact for a category alone, past the cap', async () => {
    forgetCounts();
    const res = await h.request({ method: 'GET', url: '/api/deals?category=3' });
    expect(res.body.data).toMatchObject({ totalCount: live + 3 + 20 });
    expect(res.body.data).not.toHaveProperty('totalCountCapped');
  });
});
