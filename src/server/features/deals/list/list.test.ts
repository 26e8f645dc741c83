import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotScore } from '../../../../shared/domain/deals/temperature.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { recountRecentVotes } from '../index.js';

const DAY = 24 * 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ids = (body: any) => body.data.deals.map((d: { id: number }) => d.id);

describe('GET /deals and the home rows', () => {
  let h: Harness;
  const d: Record<string, number> = {};
  let voter: Awaited<ReturnType<Harness['createUser']>>;

  beforeAll(async () => {
    h = await createHarness();
    voter = await h.createUser();
    const deal = (name: string, v: Parameters<typeof insertDeal>[1]) => insertDeal(h, v).then((id) => (d[name] = id));
    const at = (days: number) => ({ published_at: ago(days * DAY) });
    await deal('fryer', {
      title: 'Ninja Air Fryer 5.2L',
      description: 'Dual basket',
      category_id: 22,
      store_id: 42,
      price_pence: 9999,
      original_price_pence: 14999,
      temperature: 40,
      hot_score: hotScore(40, Date.now() - DAY),
      comment_count: 3,
      ...at(1),
    });
    await deal('tv', {
      title: 'Samsung 55" QLED TV',
      description: 'Great with an air fryer on top',
      category_id: 1,
      store_id: 2,
      price_pence: 49900,
      original_price_pence: 69900,
      temperature: 12,
      hot_score: hotScore(12, Date.now() - 2 * DAY),
      comment_count: 9,
      ...at(2),
    });
    await deal('freebie', {
      title: 'Free Greggs coffee',
      description: 'App offer',
      category_id: 9,
      store_id: 3,
      price_pence: 0,
      original_price_pence: 250,
      temperature: 3,
      ...at(3),
    });
    await deal('cold', {
      title: 'Plain kettle',
      description: 'Boils water',
      category_id: 22,
      store_id: 1,
      price_pence: 1500,
      original_price_pence: 1500,
      temperature: -5,
      ...at(4),
    });
    await deal('noprice', {
      title: 'Mystery box',
      description: 'Price varies',
      category_id: 25,
      store_id: 43,
      price_pence: null,
      original_price_pence: null,
      ...at(5),
    });
    await deal('expiredByDate', { title: 'Lapsed fryer offer', category_id: 22, store_id: 42, expires_at: ago(DAY), ...at(6) });
    await deal('expiredByStatus', { title: 'Old console bundle', status: 'expired', category_id: 3, store_id: 13, ...at(7) });
    await deal('pending', { title: 'Pending air fryer', status: 'pending', ...at(0) });
    await deal('future', {
      title: 'Future expiry',
      category_id: 2,
      store_id: 1,
      expires_at: new Date(Date.now() + DAY).toISOString(),
      price_pence: 2600,
      ...at(8),
    });
  });
  afterAll(() => h.close());

  const list = (qs = '', token?: string) => h.request({ method: 'GET', url: `/api/deals${qs}`, token });

  it('defaults to active deals, newest first, page 1 of 30', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 30, totalCount: 6, totalPages: 1 });
    expect(ids(res.body)).toEqual([d.fryer, d.tv, d.freebie, d.cold, d.noprice, d.future]);
    const deal = res.body.data.deals[0];
    for (const key of [
      'id',
      'title',
      'category',
      'store',
      'userUsername',
      'temperature',
      'upvotes',
      'downvotes',
      'totalVotes',
      'commentCount',
      'isPending',
      'expiresAt',
      'outboundUrl',
    ]) {
      expect(deal, key).toHaveProperty(key);
    }
  });

  it('filters by status: expired by status or by date; all = active + expired, never pending', async () => {
    expect(ids((await list('?status=expired')).body).sort()).toEqual([d.expiredByDate, d.expiredByStatus].sort());
    const all = await list('?status=all');
    expect(all.body.data.totalCount).toBe(8);
    expect(ids(all.body)).not.toContain(d.pending);
  });

  it('filters by category, store, price range and deal types', async () => {
    expect(ids((await list('?category=22')).body)).toEqual([d.fryer, d.cold]);
    expect(ids((await list('?category=all&store=42')).body)).toEqual([d.fryer]);
    expect(ids((await list('?minPrice=10&maxPrice=100')).body)).toEqual([d.fryer, d.cold, d.future]);
    // The same band one deal a page is walked in the sort's order rather than read by price (list-query.ts
    // fewInPriceRange): the same answer either way.
    expect(ids((await list('?minPrice=10&maxPrice=100&pageSize=1&page=2')).body)).toEqual([d.cold]);
    expect(ids((await list('?minPrice=0&maxPrice=1000&pageSize=1&page=4')).body)).toEqual([d.cold]);
    expect(ids((await list('?maxPrice=0')).body)).toEqual([d.freebie]);
    expect(ids((await list('?dealType=hot')).body)).toEqual([d.fryer]);
    expect(ids((await list('?dealType=warm')).body)).toEqual([d.tv, d.freebie]);
    expect(ids((await list('?dealType=free')).body)).toEqual([d.freebie]);
    expect(ids((await list('?dealType=hot&dealType=free')).body)).toEqual([d.fryer, d.freebie]);
    expect(ids((await list('?dealType=hot,free')).body)).toEqual([d.fryer, d.freebie]);
    expect(ids((await list('?dealType=discounted')).body)).toEqual([d.fryer, d.tv, d.freebie]);
    expect((await list('?dealType=tepid')).status).toBe(400);
  });

  it('sorts seven ways', async () => {
    expect(ids((await list('?sort=hottest')).body).slice(0, 3)).toEqual([d.fryer, d.tv, d.freebie]);
    expect(ids((await list('?sort=most-commented')).body).slice(0, 2)).toEqual([d.tv, d.fryer]);
    expect(ids((await list('?sort=price-asc')).body)).toEqual([d.freebie, d.cold, d.future, d.fryer, d.tv, d.noprice]);
    expect(ids((await list('?sort=price-desc')).body)).toEqual([d.tv, d.fryer, d.future, d.cold, d.freebie, d.noprice]);
    expect(ids((await list('?sort=getting-warm')).body)[0]).toBe(d.fryer);
    // Trending: votes in the last 24 h first, then the rest by hot score.
    const votedAt = Date.now() - 3600_000;
    await h.db.kysely
      .insertInto('votes')
      .values({ deal_id: d.cold, user_id: voter.id, vote_type: 1, created_at: new Date(votedAt).toISOString() })
      .execute();
    await h.db.kysely
      .insertInto('votes')
      .values({ deal_id: d.tv, user_id: voter.id, vote_type: 1, created_at: ago(3 * DAY) })
      .execute();
    // Rows written around castVote are counted from their votes, as the seed and the bulk loaders do.
    expect(await recountRecentVotes(h.db, Date.now(), { alsoVotedSince: true })).toBe(1);
    const trending = ids((await list('?sort=trending')).body);
    expect(trending[0]).toBe(d.cold);
    expect(trending).toHaveLength(6);
    expect(new Set(trending).size).toBe(6);
    const page2 = await list('?sort=trending&pageSize=2&page=2');
    expect(ids(page2.body)).toEqual(trending.slice(2, 4));
    expect(page2.body.data).toMatchObject({ totalCount: 6, totalPages: 3 });
    // A day later the vote has left the window: the trending-window job's next tick takes it out and the order is the
    // hot score's.
    expect(await recountRecentVotes(h.db, votedAt + DAY + 60_000)).toBe(1);
    expect(ids((await list('?sort=trending&pageSize=10')).body)).toEqual(ids((await list('?sort=getting-warm')).body));
    await recountRecentVotes(h.db, Date.now(), { alsoVotedSince: true }); // back to today for the tests below
  });

  it('pages and caps pageSize at 100', async () => {
    const p2 = await list('?pageSize=4&page=2');
    expect(ids(p2.body)).toEqual([d.noprice, d.future]);
    expect(p2.body.data).toMatchObject({ totalPages: 2, totalCount: 6 });
    expect((await list('?pageSize=500')).body.data.pageSize).toBe(100);
    expect((await list('?page=0')).status).toBe(400);
  });

  it('searches the full-text index (also as query), title matches first, with hostile input harmless', async () => {
    // The TV mentions an air fryer only in its description: dearer, yet after the title match.
    const byPrice = await list('?search=air%20fryer&sort=price-desc');
    expect(ids(byPrice.body)).toEqual([d.fryer, d.tv]);
    expect(ids((await list('?query=fryer&sort=most-commented')).body)).toEqual([d.fryer, d.tv]);
    expect(ids((await list('?search=fry')).body)).toContain(d.fryer);
    // A word whose stem is a prefix of it ('fryers' -> 'fryer') is searched by the stem alone on PostgreSQL.
    expect(ids((await list('?search=fryers&sort=price-desc')).body)).toEqual([d.fryer, d.tv]);
    expect(ids((await list('?search=amazon')).body)).toEqual([d.fryer]);
    for (const evil of ['"', 'NEAR(', 'a OR', '*', '-', 'title:x', "'; DROP TABLE deals; --", '!!!', '(((']) {
      const r = await list(`?search=${encodeURIComponent(evil)}`);
      expect(r.status, evil).toBe(200);
    }
    expect((await list('?search=zzzznothing')).body.data).toMatchObject({ deals: [], totalCount: 0, totalPages: 0 });
  });

  it("carries the caller's vote and save on each deal", async () => {
    await h.request({ method: 'POST', url: `/api/deals/${d.fryer}/save`, token: voter.token });
    const res = await list('', voter.token);
    const fryer = res.body.data.deals.find((x: { id: number }) => x.id === d.fryer);
    const cold = res.body.data.deals.find((x: { id: number }) => x.id === d.cold);
    expect(fryer).toMatchObject({ isSaved: true });
    expect(fryer.userVote).toBeUndefined();
    expect(cold).toMatchObject({ userVote: 1, isSaved: false });
    expect((await list('')).body.data.deals[0].isSaved).toBeUndefined();
  });

  it('serves the home rows with their default limits', async () => {
    const newest = await h.request({ method: 'GET', url: '/api/deals/newest' });
    expect(newest.body.data.map((x: { id: number }) => x.id)).toEqual([d.fryer, d.tv, d.freebie]);
    const warm = await h.request({ method: 'GET', url: '/api/deals/getting-warm' });
    expect(warm.body.data.map((x: { id: number }) => x.id)).toEqual([d.fryer, d.tv, d.freebie]);
    const commented = await h.request({ method: 'GET', url: '/api/deals/most-commented?limit=1' });
    expect(commented.body.data.map((x: { id: number }) => x.id)).toEqual([d.tv]);
    const trending = await h.request({ method: 'GET', url: '/api/deals/trending' });
    expect(trending.body.data).toHaveLength(6);
    expect(trending.body.data[0].id).toBe(d.cold);
    const related = await h.request({ method: 'GET', url: `/api/deals/related?category=22&excludeDealId=${d.fryer}` });
    expect(related.body.data.map((x: { id: number }) => x.id)).toEqual([d.cold]);
    expect((await h.request({ method: 'GET', url: '/api/deals/newest?limit=abc' })).status).toBe(400);
  });
});

describe('search with many matches (read in index order on SQLite)', () => {
  let h: Harness;
  const titled: number[] = [];
  const described: number[] = [];
  beforeAll(async () => {
    h = await createHarness();
    // 40 live deals, 32 about kettles: 12 with it in the title, 20 only in the description; newer and dearer with i.
    for (let i = 0; i < 40; i++) {
      const published_at = new Date(Date.now() - i * 60_000).toISOString();
      if (i % 10 < 3) {
        titled.push(await insertDeal(h, { title: `Kettle number ${i}`, description: 'Boils water', published_at, price_pence: 1000 + i }));
      } else if (i % 10 < 7 || i % 10 === 9) {
        described.push(await insertDeal(h, { title: `Jug ${i}`, description: 'Works like a kettle', published_at, price_pence: 1000 + i }));
      } else await insertDeal(h, { title: `Toaster ${i}`, description: 'Makes toast', published_at, price_pence: 1000 + i });
    }
  });
  afterAll(() => h.close());

  it('ranks title matches first, then the chosen order, across page boundaries', async () => {
    const expected = [...titled, ...described];
    const pages: number[] = [];
    for (let page = 1; page <= 4; page++) {
      // Pages of 8 cross from the title matches into the description matches on page 2.
      const res = await h.request({ method: 'GET', url: `/api/deals?search=kettle&pageSize=8&page=${page}` });
      expect(res.body.data.totalCount).toBe(32);
      pages.push(...ids(res.body));
    }
    expect(pages).toEqual(expected);
    const byPrice = await h.request({ method: 'GET', url: '/api/deals?search=kettle&sort=price-desc&pageSize=10&page=2' });
    // Dearest first within each group: the last-inserted deals are the dearest.
    const byPriceAll = [...[...titled].reverse(), ...[...described].reverse()];
    expect(ids(byPrice.body)).toEqual(byPriceAll.slice(10, 20));
  });
});
