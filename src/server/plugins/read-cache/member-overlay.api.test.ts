/**
 * Members on the deal lists are served the cached visitor's bytes with their own votes and saves laid over them
 * (anonymous-cache.ts, member-overlay.ts). The answer must be byte for byte what the member path writes (dealList for
 * the member, JSON.stringify as the serializer does), on the miss that fills the cache and on the hits after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealListQuerySchema } from '../../../shared/schemas/deals/deals.js';
import { browseFiltersFromQuery } from '../../features/deals/list/browse-filters.js';
import { dealList } from '../../features/deals/list/list-service.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { ok } from '../../http/envelope.js';

describe('member overlay on the cached deal lists', () => {
  const { h, members } = useHarness({ members: 2 });
  const ids: number[] = [];

  const get = (url: string, token?: string) => h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const write = async (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await h.request({ method, url, token, payload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** What the member path answers for GET /api/deals (no cache, no overlay); null: a visitor. */
  const memberPage = async (viewerId: number | null) => {
    const q = dealListQuerySchema.parse({});
    const page = await dealList(h.db, h.config.affiliate, { filters: browseFiltersFromQuery(q), sort: q.sort, page: q.page, pageSize: q.pageSize, viewerId });
    return JSON.stringify(ok(page));
  };
  const newestRow = async (viewerId: number | null) => {
    const { deals } = await dealList(h.db, h.config.affiliate, {
      filters: { status: 'active', warmOnly: false },
      sort: 'newest',
      page: 1,
      pageSize: 3,
      viewerId,
      withCount: false,
    });
    return JSON.stringify(ok(deals));
  };

  beforeAll(async () => {
    // A title with the overlay's anchor in it: inside a JSON string it is escaped, so it must not count as a key.
    for (const title of ['Kettle ,"commentCount": 3', 'Toaster', 'Blender', 'Air fryer']) ids.push(await insertDeal(h, { title, status: 'active' }));
    const [a, b] = members;
    await write('POST', '/api/votes', a.token, { dealId: ids[0], voteType: 1 });
    await write('POST', '/api/votes', a.token, { dealId: ids[1], voteType: -1 });
    await write('POST', `/api/deals/${ids[2]}/save`, a.token);
    await write('POST', '/api/votes', b.token, { dealId: ids[3], voteType: 1 });
    await write('POST', `/api/deals/${ids[3]}/save`, b.token);
  });

  it('answers a member with exactly the member path’s bytes, on the miss that fills the cache and on the hits', async () => {
    const [a] = members;
    const expected = await memberPage(a.id);
    const deals = JSON.parse(expected).data.deals as Array<{ id: number; userVote?: number; isSaved: boolean }>;
    expect(deals.find((d) => d.id === ids[0])).toMatchObject({ userVote: 1, isSaved: false });
    expect(deals.find((d) => d.id === ids[1])).toMatchObject({ userVote: -1, isSaved: false });
    expect(deals.find((d) => d.id === ids[2])).toMatchObject({ isSaved: true });
    expect(deals.find((d) => d.id === ids[2])).not.toHaveProperty('userVote');

    const stats = h.app.anonymousCache!.stats;
    const before = { hits: stats.memberHits, misses: stats.memberMisses };
    const miss = await get('/api/deals', a.token);
    expect(miss.statusCode).toBe(200);
    expect(miss.body).toBe(expected);
    const hit = await get('/api/deals', a.token);
    expect(hit.body).toBe(expected);
    expect(hit.headers['content-type']).toBe(miss.headers['content-type']);
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect({ hits: stats.memberHits, misses: stats.memberMisses }).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
  });

  it('serves visitors and other members from the same entry, each with only their own state', async () => {
    const [a, b] = members;
    const hits = h.app.anonymousCache!.stats.memberHits;
    await get('/api/deals', a.token);
    const visitor = await get('/api/deals');
    expect(visitor.body).toBe(await memberPage(null));
    expect(visitor.body).not.toContain('"isSaved"');
    expect(visitor.body).not.toContain('"userVote"');
    const other = await get('/api/deals', b.token);
    expect(other.body).toBe(await memberPage(b.id));
    expect(JSON.parse(other.body).data.deals.find((d: { id: number }) => d.id === ids[0])).toMatchObject({ isSaved: false });
    expect(JSON.parse(other.body).data.deals.find((d: { id: number }) => d.id === ids[0])).not.toHaveProperty('userVote');
    expect(h.app.anonymousCache!.stats.memberHits).toBe(hits + 2);
  });

  it('shows the member’s own vote and save on the very next read after they change them', async () => {
    const [a] = members;
    await get('/api/deals', a.token);
    await write('POST', '/api/votes', a.token, { dealId: ids[3], voteType: 1 });
    await write('DELETE', `/api/deals/${ids[2]}/save`, a.token);
    const after = await get('/api/deals', a.token);
    expect(after.body).toBe(await memberPage(a.id));
    const deals = JSON.parse(after.body).data.deals as Array<{ id: number; userVote?: number; isSaved: boolean }>;
    expect(deals.find((d) => d.id === ids[3])).toMatchObject({ userVote: 1, isSaved: false });
    expect(deals.find((d) => d.id === ids[2])).toMatchObject({ isSaved: false });
    // And again from the entry that read stored.
    expect((await get('/api/deals', a.token)).body).toBe(after.body);
  });

  it('queries a member’s state once per page until their own next save or vote; another member’s changes nothing of it', async () => {
    const [a, b] = members;
    const stats = h.app.anonymousCache!.stats;
    await get('/api/deals', a.token);
    const queries = stats.memberStateQueries;
    expect((await get('/api/deals', a.token)).body).toBe(await memberPage(a.id));
    expect(stats.memberStateQueries).toBe(queries);
    // B's save is a soft write: A's kept state is still A's whole truth (and B's state is never A's).
    await write('POST', `/api/deals/${ids[0]}/save`, b.token);
    expect((await get('/api/deals', a.token)).body).toBe(await memberPage(a.id));
    expect(stats.memberStateQueries).toBe(queries);
    expect((await get('/api/deals', b.token)).body).toBe(await memberPage(b.id));
    expect(JSON.parse((await get('/api/deals', b.token)).body).data.deals.find((d: { id: number }) => d.id === ids[0]).isSaved).toBe(true);
    // A's own save: A's next read queries again and shows it.
    const beforeOwn = stats.memberStateQueries;
    await write('POST', `/api/deals/${ids[1]}/save`, a.token);
    const mine = await get('/api/deals', a.token);
    expect(stats.memberStateQueries).toBe(beforeOwn + 1);
    expect(mine.body).toBe(await memberPage(a.id));
    expect(JSON.parse(mine.body).data.deals.find((d: { id: number }) => d.id === ids[1]).isSaved).toBe(true);
    await write('DELETE', `/api/deals/${ids[1]}/save`, a.token);
    expect(JSON.parse((await get('/api/deals', a.token)).body).data.deals.find((d: { id: number }) => d.id === ids[1]).isSaved).toBe(false);
  });

  it('overlays the home rows too, byte for byte', async () => {
    const [a, b] = members;
    for (const token of [a.token, b.token, a.token]) {
      const res = await get('/api/deals/newest', token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(await newestRow(token === a.token ? a.id : b.id));
    }
    expect((await get('/api/deals/newest')).body).toBe(await newestRow(null));
  });

  it('leaves error answers and routes that do not opt in alone', async () => {
    const [a] = members;
    const bad = await get('/api/deals?page=0', a.token);
    expect(bad.statusCode).toBe(400);
    const saved = await get('/api/deals/saved', a.token);
    expect(saved.statusCode).toBe(200);
    expect(JSON.parse(saved.body).data.deals.map((d: { id: number }) => d.id)).toEqual([]);
  });
});
