import { describe, expect, it } from 'vitest';
import { MAX_FOLLOWS } from '../../../shared/domain/members/follows.js';
import type { Harness, TestUser } from '../../test/harness.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';

/** Follows through the API (docs/notes/vouchers-follows.md), on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */

const follow = (h: Harness, u: TestUser, type: string, id: number | string) =>
  h.request({ method: 'POST', url: '/api/follows', token: u.token, payload: { type, id } });
const inbox = async (h: Harness, u: TestUser) => {
  const res = await h.request({ method: 'GET', url: '/api/notifications', token: u.token });
  return (res.body.data.notifications as Array<Record<string, any>>).filter((n) => n.type === 'follow.deal');
};
const activate = (h: Harness, admin: TestUser, id: number) =>
  h.request({ method: 'POST', url: `/api/admin/deals/${id}/activate`, token: admin.token, payload: {} });

describe('follows: what a member may follow', () => {
  const {
    h,
    members: [ann, bex],
  } = useHarness({ members: 2 });

  it('follows a shop, a category and a member, lists them with links, unfollows; following again changes nothing', async () => {
    expect((await follow(h, ann, 'store', 1)).status).toBe(201);
    expect((await follow(h, ann, 'store', 1)).status).toBe(201);
    expect((await follow(h, ann, 'category', 2)).status).toBe(201);
    expect((await follow(h, ann, 'member', bex.id)).body.data).toEqual({ type: 'member', id: bex.id, following: true });
    const ids = await h.request({ method: 'GET', url: '/api/follows/ids', token: ann.token });
    expect(ids.body.data).toEqual({ store: [1], category: [2], member: [bex.id] });
    const list = await h.request({ method: 'GET', url: '/api/follows', token: ann.token });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.max).toBe(MAX_FOLLOWS);
    expect(list.body.data.items.map((i: { url: string }) => i.url).sort()).toEqual([`/members/${bex.username}`, '/dealsBrowse?category=2', '/stores/1'].sort());
    const gone = await h.request({ method: 'DELETE', url: '/api/follows/store/1', token: ann.token });
    expect(gone.body.data).toEqual({ type: 'store', id: 1, following: false });
    expect((await h.request({ method: 'GET', url: '/api/follows/ids', token: ann.token })).body.data.store).toEqual([]);
  });

  it('refuses yourself, things that do not exist, a bad type, visitors, and a 501st follow, changing nothing', async () => {
    const self = await follow(h, bex, 'member', bex.id);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot follow yourself');
    expect((await follow(h, bex, 'store', 99999)).body.error).toBe('Store not found');
    expect((await follow(h, bex, 'category', 99999)).status).toBe(404);
    expect((await follow(h, bex, 'member', 99999)).status).toBe(404);
    expect((await follow(h, bex, 'planet', 1)).status).toBe(400);
    expect((await h.request({ method: 'POST', url: '/api/follows', payload: { type: 'store', id: 1 } })).status).toBe(401);

    // 500 things followed (written straight in: shops made for it), then the 501st is refused.
    const now = new Date().toISOString();
    const stores = [];
    for (let i = 0; i < MAX_FOLLOWS + 1; i++)
      stores.push({ name: `Follow shop ${i}`, name_key: `follow shop ${i}`, url: null, logo_url: null, created_at: now, updated_at: now });
    const made = await h.db.kysely.insertInto('stores').values(stores).returning('id').execute();
    const ids = made.map((r) => Number(r.id));
    await h.db.kysely
      .insertInto('follows')
      .values(ids.slice(0, MAX_FOLLOWS).map((id) => ({ user_id: bex.id, target_type: 'store', target_id: id, created_at: now })))
      .execute();
    const over = await follow(h, bex, 'store', ids[MAX_FOLLOWS]);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('You can follow at most 500 shops, categories and members');
    expect((await h.request({ method: 'GET', url: '/api/follows', token: bex.token })).body.data.total).toBe(MAX_FOLLOWS);
  });
});

describe('follows: following=1 and follow.deal notifications', () => {
  const {
    h,
    admin,
    members: [fan, poster, other],
  } = useHarness({ members: [{ username: 'shop_fan' }, { username: 'top_poster' }, { username: 'someone' }] });

  it('following=1 lists live deals from followed shops, categories and members, newest first, each once; visitors get 401', async () => {
    await follow(h, fan, 'store', 3);
    await follow(h, fan, 'category', 4);
    await follow(h, fan, 'member', poster.id);
    const at = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    const fromStore = await insertDeal(h, { status: 'active', store_id: 3, category_id: 1, published_at: at(5) });
    const fromCategory = await insertDeal(h, { status: 'active', store_id: 1, category_id: 4, published_at: at(4) });
    const fromPoster = await insertDeal(h, { status: 'active', store_id: 1, category_id: 1, user_id: poster.id, published_at: at(3) });
    const both = await insertDeal(h, { status: 'active', store_id: 3, category_id: 4, published_at: at(2) });
    await insertDeal(h, { status: 'active', store_id: 1, category_id: 1, published_at: at(1) });
    await insertDeal(h, { status: 'pending', store_id: 3, published_at: at(1) });
    await insertDeal(h, { status: 'active', store_id: 3, published_at: at(6), expires_at: at(1) });
    await insertDeal(h, { status: 'expired', store_id: 3, published_at: at(1) });

    const res = await h.request({ method: 'GET', url: '/api/deals?following=1', token: fan.token });
    expect(res.status).toBe(200);
    expect(res.body.data.deals.map((d: { id: number }) => d.id)).toEqual([both, fromPoster, fromCategory, fromStore]);
    expect(res.body.data.totalCount).toBe(4);
    const paged = await h.request({ method: 'GET', url: '/api/deals?following=1&pageSize=2&page=2', token: fan.token });
    expect(paged.body.data.deals.map((d: { id: number }) => d.id)).toEqual([fromCategory, fromStore]);

    expect((await h.request({ method: 'GET', url: '/api/deals?following=1' })).status).toBe(401);
    // Someone following nothing sees nothing (and never the other member's list from a cache).
    const none = await h.request({ method: 'GET', url: '/api/deals?following=1', token: other.token });
    expect(none.body.data).toMatchObject({ deals: [], totalCount: 0 });
  });

  it('a deal going live tells its followers once, gathered per followed thing within an hour, never its poster', async () => {
    // poster follows the shop too: their own deal never tells them.
    await follow(h, poster, 'store', 3);
    const pending = await Promise.all(
      [1, 2, 3].map((n) => insertDeal(h, { status: 'pending', store_id: 3, category_id: 4, user_id: poster.id, title: `Shop deal ${n}` })),
    );
    expect((await activate(h, admin, pending[0])).status).toBe(200);
    let mine = await inbox(h, fan);
    expect(mine).toHaveLength(1);
    // The poster is the most specific thing fan follows.
    expect(mine[0]).toMatchObject({ text: 'New deal from top_poster: “Shop deal 1”', url: `/dealDetail/${pending[0]}`, read: false });

    await activate(h, admin, pending[1]);
    await activate(h, admin, pending[2]);
    mine = await inbox(h, fan);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ text: '3 new deals from top_poster, the latest “Shop deal 3”', url: '/members/top_poster' });
    expect(await inbox(h, poster)).toEqual([]);

    // An hour on, a new window starts.
    await h.db.kysely
      .updateTable('notifications')
      .set({ group_key: `follow.deal:member:${poster.id}:${String(Date.now() - 2 * 3_600_000).padStart(13, '0')}` })
      .where('user_id', '=', fan.id)
      .where('type', '=', 'follow.deal')
      .execute();
    const later = await insertDeal(h, { status: 'pending', store_id: 3, user_id: poster.id, title: 'Next hour deal' });
    await activate(h, admin, later);
    expect(await inbox(h, fan)).toHaveLength(2);
  });

  it('a follower who turned follow.deal off in-app is not told; a scraped deal (no poster) names the shop', async () => {
    const prefs = await h.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: other.token,
      payload: { preferences: { 'follow.deal': { inApp: false } } },
    });
    expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
    await follow(h, other, 'store', 5);
    const fanOfShop = await h.createUser({ username: 'shop5_fan' });
    await follow(h, fanOfShop, 'store', 5);
    const dealId = await insertDeal(h, { status: 'pending', store_id: 5, user_id: null, title: 'Scraped deal' });
    await activate(h, admin, dealId);
    expect(await inbox(h, other)).toEqual([]);
    const store = await h.db.kysely.selectFrom('stores').select('name').where('id', '=', 5).executeTakeFirstOrThrow();
    expect((await inbox(h, fanOfShop))[0].text).toBe(`New deal from ${store.name}: “Scraped deal”`);
  });
});
