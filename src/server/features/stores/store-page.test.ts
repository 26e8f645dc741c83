import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe("store pages: GET /stores/{id} and the store's deals, active first", () => {
  let h: Harness;
  const d: Record<string, number> = {};
  const STORE = 6; // John Lewis
  beforeAll(async () => {
    h = await createHarness();
    const at = (hours: number) => ({ published_at: ago(hours * HOUR), store_id: STORE });
    // Published newest first: a1 (1 h), e1 (2 h, expired), a2 (3 h), lapsed (4 h, active past its expiry), a3 (5 h), e2 (6 h).
    d.a1 = await insertDeal(h, at(1));
    d.e1 = await insertDeal(h, { ...at(2), status: 'expired' });
    d.a2 = await insertDeal(h, at(3));
    d.lapsed = await insertDeal(h, { ...at(4), expires_at: ago(HOUR) });
    d.a3 = await insertDeal(h, { ...at(5), expires_at: new Date(Date.now() + 24 * HOUR).toISOString() });
    d.e2 = await insertDeal(h, { ...at(6), status: 'expired' });
    for (const status of ['pending', 'rejected', 'deleted']) d[status] = await insertDeal(h, { ...at(0), status });
    await insertDeal(h, { published_at: ago(HOUR), store_id: 1 }); // another store
  });
  afterAll(() => h.close());

  const get = (url: string, token?: string) => h.request({ method: 'GET', url, token });
  const ids = (res: { body: any }) => res.body.data.deals.map((x: { id: number }) => x.id);

  it('answers the store with its live and public deal counts, never counting pending, rejected or deleted deals', async () => {
    const res = await get(`/api/stores/${STORE}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: STORE,
      name: 'John Lewis',
      url: 'https://www.johnlewis.com',
      logoUrl: null,
      confirmed: true,
      activeDeals: 3,
      totalDeals: 6,
    });
    // The counts are those of the store's deal list.
    expect((await get(`/api/deals?store=${STORE}`)).body.data.totalCount).toBe(3);
    expect((await get(`/api/deals?store=${STORE}&status=all`)).body.data.totalCount).toBe(6);
    // The /stores list carries the same live count.
    const list = await get('/api/stores');
    expect(list.body.data.find((s: { id: number }) => s.id === STORE).dealsCount).toBe(3);
  });

  it('is 404 "Store not found" for a missing store and 400 for a malformed id', async () => {
    expect(await get('/api/stores/999999')).toMatchObject({ status: 404, body: { success: false, error: 'Store not found' } });
    expect((await get('/api/stores/abc')).status).toBe(400);
    expect((await get('/api/stores/0')).status).toBe(400);
  });

  it('follows deal changes: an activation moves both counts at once (the count cache is dropped on deal writes)', async () => {
    const admin = await h.adminToken();
    const before = (await get(`/api/stores/${STORE}`)).body.data;
    // A deal activated by an admin goes through the lifecycle, whose commit drops the cached counts.
    const res = await h.request({ method: 'POST', url: `/api/admin/deals/${d.pending}/activate`, token: admin, payload: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await get(`/api/stores/${STORE}`)).body.data;
    expect(after.activeDeals).toBe(before.activeDeals + 1);
    expect(after.totalDeals).toBe(before.totalDeals + 1);
    d.a0 = d.pending;
  });

  it('lists status=all&activeFirst=true with live deals first, then expired ones (incl. past their expiry date), each newest first, across pages', async () => {
    const base = `/api/deals?store=${STORE}&status=all&activeFirst=true`;
    const all = ids(await get(base));
    expect(all).toEqual([d.a0, d.a1, d.a2, d.a3, d.e1, d.lapsed, d.e2]);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(...ids(await get(`${base}&pageSize=2&page=${page}`)));
    expect(pages).toEqual(all);
    const p2 = await get(`${base}&pageSize=3&page=2`);
    expect(ids(p2)).toEqual([d.a3, d.e1, d.lapsed]);
    expect(p2.body.data).toMatchObject({ totalCount: 7, totalPages: 3, page: 2 });
    // Other sorts keep the split too.
    const hottest = ids(await get(`${base}&sort=hottest`));
    expect(hottest.slice(0, 4).sort()).toEqual([d.a0, d.a1, d.a2, d.a3].sort());
    expect(hottest.slice(4).sort()).toEqual([d.e1, d.lapsed, d.e2].sort());
    // Across every store as well.
    const everywhere = (await get('/api/deals?status=all&activeFirst=1&pageSize=100')).body.data.deals as Array<{ isExpired: boolean }>;
    const firstExpired = everywhere.findIndex((x) => x.isExpired);
    expect(firstExpired).toBeGreaterThan(0);
    expect(everywhere.slice(firstExpired).every((x) => x.isExpired)).toBe(true);
  });

  it("keeps status=all interleaved in the sort's order without activeFirst, and refuses a bad activeFirst", async () => {
    const newest = [d.a0, d.a1, d.e1, d.a2, d.lapsed, d.a3, d.e2];
    expect(ids(await get(`/api/deals?store=${STORE}&status=all`))).toEqual(newest);
    expect(ids(await get(`/api/deals?store=${STORE}&status=all&activeFirst=false`))).toEqual(newest);
    expect(ids(await get(`/api/deals?store=${STORE}&activeFirst=true`))).toEqual([d.a0, d.a1, d.a2, d.a3]);
    expect(await get(`/api/deals?store=${STORE}&status=all&activeFirst=yes`)).toMatchObject({ status: 400, body: { success: false } });
  });
});
