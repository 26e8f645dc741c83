/**
 * The freshness rules of the read cache under writes (soft-writes.ts, docs/notes/bench.md "Reads under writes"), on the
 * engine the harness runs on: a soft write (vote, save, comment) empties nothing, yet the writer's own next read shows
 * it, other readers see it within the window, and a deal the team takes away is never served after that response.
 * Nothing here waits: the clock (Date only) is faked for the whole file and only ever moved forward past the window.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { SOFT_WINDOW_MS } from './soft-writes.js';

describe('read cache under writes', () => {
  const { h, admin, members } = useHarness({ members: 2 });
  let dealId = 0;
  let otherId = 0;

  const get = (url: string, token?: string) => h.request({ method: 'GET', url, token });
  const afterWindow = () => vi.setSystemTime(Date.now() + SOFT_WINDOW_MS + 50);
  const inList = (body: { data: { deals: Array<{ id: number; upvotes: number; commentCount: number; userVote?: number; isSaved?: boolean }> } }, id: number) =>
    body.data.deals.find((d) => d.id === id);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    dealId = await insertDeal(h, { title: 'Soft write kettle', status: 'active' });
    otherId = await insertDeal(h, { title: 'Hard write toaster', status: 'active', image_url: 'https://img.example/toaster.jpg' });
  });
  afterAll(() => vi.useRealTimers());

  it('a vote empties nothing; the voter sees it at once, a visitor within the window, and nothing of it is personal to others', async () => {
    const [alice, bob] = members;
    const cache = h.app.anonymousCache!;
    expect((await get(`/api/deals/${dealId}`)).body.data.upvotes).toBe(0);
    expect(inList((await get('/api/deals?sort=newest')).body, dealId)?.upvotes).toBe(0);
    const invalidations = cache.stats.invalidations;

    expect((await h.request({ method: 'POST', url: '/api/votes', token: alice.token, payload: { dealId, voteType: 1 } })).status).toBe(200);
    expect(cache.stats.invalidations).toBe(invalidations);
    expect(cache.stats.softWrites).toBeGreaterThan(0);

    // The writer: the very next read of the cached list shows the vote and their own state.
    const mine = inList((await get('/api/deals?sort=newest', alice.token)).body, dealId);
    expect(mine).toMatchObject({ upvotes: 1, userVote: 1 });
    // Another member reads the same (now fresh) entry without Alice's state.
    const bobs = inList((await get('/api/deals?sort=newest', bob.token)).body, dealId);
    expect(bobs?.upvotes).toBe(1);
    expect(bobs).not.toHaveProperty('userVote');

    // A visitor after the window: the new figures, and no member's state.
    afterWindow();
    const visitor = await get(`/api/deals/${dealId}`);
    expect(visitor.body.data.upvotes).toBe(1);
    expect(visitor.body.data).not.toHaveProperty('userVote');
    expect(inList((await get('/api/deals?sort=newest')).body, dealId)).not.toHaveProperty('userVote');
  });

  it('a save is the saver’s alone: their next read shows it, nobody else’s ever does', async () => {
    const [alice, bob] = members;
    await get('/api/deals?sort=newest');
    expect((await h.request({ method: 'POST', url: `/api/deals/${dealId}/save`, token: bob.token })).status).toBe(200);
    expect(inList((await get('/api/deals?sort=newest', bob.token)).body, dealId)?.isSaved).toBe(true);
    expect(inList((await get('/api/deals?sort=newest', alice.token)).body, dealId)?.isSaved).toBe(false);
    expect(inList((await get('/api/deals?sort=newest')).body, dealId)?.isSaved ?? false).toBe(false);
  });

  it('a comment: its count and the list reach a visitor within the window', async () => {
    const [alice] = members;
    expect((await get(`/api/deals/${dealId}`)).body.data.commentCount).toBe(0);
    expect((await get(`/api/comments/${dealId}`)).status).toBe(200);
    const posted = await h.request({ method: 'POST', url: '/api/comments', token: alice.token, payload: { dealId, text: 'Worked for me, thanks!' } });
    expect(posted.status).toBe(201);
    // The writer's own reads of a deal go past the visitors' cache.
    expect((await get(`/api/deals/${dealId}`, alice.token)).body.data.commentCount).toBe(1);
    afterWindow();
    expect((await get(`/api/deals/${dealId}`)).body.data.commentCount).toBe(1);
    expect(JSON.stringify((await get(`/api/comments/${dealId}`)).body)).toContain('Worked for me, thanks!');
  });

  it('a vote ages only what it changed: its deal and the lists, not another deal’s page or comments', async () => {
    const [alice] = members;
    const cache = h.app.anonymousCache!;
    const quiet = await insertDeal(h, { title: 'Untouched blender', status: 'active' });
    const voted = await insertDeal(h, { title: 'Voted kettle', status: 'active' });
    for (const url of [`/api/deals/${quiet}`, `/api/comments/${quiet}`, `/api/deals/${voted}`, '/api/deals?sort=hottest']) await get(url);
    expect((await h.request({ method: 'POST', url: '/api/votes', token: alice.token, payload: { dealId: voted, voteType: 1 } })).status).toBe(200);
    afterWindow();
    const hits = cache.stats.hits;
    // The other deal's answers were not changed by the vote: still served as stored, past the window.
    await get(`/api/deals/${quiet}`);
    await get(`/api/comments/${quiet}`);
    expect(cache.stats.hits).toBe(hits + 2);
    // The voted deal and the lists are read again, with the vote.
    expect((await get(`/api/deals/${voted}`)).body.data.upvotes).toBe(1);
    expect(inList((await get('/api/deals?sort=hottest')).body, voted)?.upvotes).toBe(1);
    expect(cache.stats.hits).toBe(hits + 2);
  });

  it('a save, and a like of a comment, leave the lists as they were stored', async () => {
    const [alice, bob] = members;
    const cache = h.app.anonymousCache!;
    const liked = await insertDeal(h, { title: 'Liked toaster', status: 'active' });
    const comment = await h.request({ method: 'POST', url: '/api/comments', token: bob.token, payload: { dealId: liked, text: 'Cheapest I have seen it' } });
    expect(comment.status).toBe(201);
    afterWindow();
    await get('/api/deals?sort=newest');
    await get(`/api/comments/${liked}`);
    expect((await h.request({ method: 'POST', url: `/api/deals/${liked}/save`, token: alice.token })).status).toBe(200);
    expect((await h.request({ method: 'POST', url: `/api/comments/${comment.body.data.id}/like`, token: alice.token })).status).toBe(200);
    afterWindow();
    const hits = cache.stats.hits;
    await get('/api/deals?sort=newest');
    expect(cache.stats.hits).toBe(hits + 1);
    // The liked comment's list is read again and shows the like.
    const comments = (await get(`/api/comments/${liked}`)).body.data;
    expect(cache.stats.hits).toBe(hits + 1);
    expect(JSON.stringify(comments)).toContain('"likeCount":1');
  });

  it("a member's own settings (their inbox, their choices, their follows) empty nothing", async () => {
    const [alice] = members;
    const cache = h.app.anonymousCache!;
    await get('/api/deals?sort=newest');
    const invalidations = cache.stats.invalidations;
    const writes = [
      { method: 'POST' as const, url: '/api/notifications/read-all' },
      { method: 'PUT' as const, url: '/api/notifications/preferences', payload: { preferences: { 'deal.hot': { email: true } } } },
      { method: 'POST' as const, url: '/api/follows', payload: { type: 'store', id: 1 } },
      { method: 'DELETE' as const, url: '/api/follows/store/1' },
    ];
    for (const w of writes) {
      const res = await h.request({ ...w, token: alice.token });
      expect(res.status, `${w.method} ${w.url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    expect(cache.stats.invalidations).toBe(invalidations);
  });

  it('a deal the team makes pending or deletes is never served after that response', async () => {
    const cache = h.app.anonymousCache!;
    expect((await get(`/api/deals/${otherId}`)).status).toBe(200);
    expect(inList((await get('/api/deals?sort=newest')).body, otherId)).toBeDefined();
    const deal = (await get(`/api/admin/deals/${otherId}`, admin.token)).body.data;
    const invalidations = cache.stats.invalidations;
    const edit = {
      title: deal.title,
      price: deal.price,
      url: deal.url,
      status: 'pending',
      storeId: deal.store?.id ?? deal.storeId,
      categoryId: deal.category?.id ?? deal.categoryId,
      imageUrl: deal.imageUrl,
    };
    const pending = await h.request({ method: 'PUT', url: `/api/admin/deals/${otherId}`, token: admin.token, payload: edit });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(cache.stats.invalidations).toBeGreaterThan(invalidations);
    expect((await get(`/api/deals/${otherId}`)).status).toBe(403);
    expect(inList((await get('/api/deals?sort=newest')).body, otherId)).toBeUndefined();

    expect((await h.request({ method: 'PUT', url: `/api/admin/deals/${otherId}`, token: admin.token, payload: { ...edit, status: 'active' } })).status).toBe(
      200,
    );
    expect((await get(`/api/deals/${otherId}`)).status).toBe(200);
    expect((await h.request({ method: 'DELETE', url: `/api/admin/deals/${otherId}`, token: admin.token })).status).toBe(200);
    expect((await get(`/api/deals/${otherId}`)).status).toBe(404);
    expect(inList((await get('/api/deals?sort=newest')).body, otherId)).toBeUndefined();
  });
});
