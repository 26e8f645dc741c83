import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KEEP_NEWEST } from '../../../shared/domain/members/notifications.js';
import type { Harness, TestUser } from '../../test/harness.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { openStream } from './test-helpers.js';
import { editDeal } from '../deals/index.js';
import { notify, pruneNotifications } from './commands.js';

/** Notifications through the API (docs/notes/notifications.md), on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */

const inbox = async (h: Harness, u: TestUser, query = '') => {
  const res = await h.request({ method: 'GET', url: `/api/notifications${query}`, token: u.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { notifications: Array<Record<string, any>>; unreadCount: number; totalCount: number; totalPages: number };
};
const comment = async (h: Harness, u: TestUser, dealId: number, text: string, parentId?: number) => {
  const res = await h.request({ method: 'POST', url: '/api/comments', token: u.token, payload: { dealId, text, ...(parentId ? { parentId } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.comment?.id ?? res.body.data.id;
};
const liveDeal = (h: Harness, owner: TestUser | null, values: Parameters<typeof insertDeal>[1] = {}) =>
  insertDeal(h, { status: 'active', user_id: owner?.id ?? null, ...values });
const types = (list: { notifications: Array<Record<string, any>> }) => list.notifications.map((n) => n.type);

describe('notifications: who is told what', () => {
  const {
    h,
    admin,
    members: [ann, bex, cal],
  } = useHarness({ members: [{ username: 'ann_poster' }, { username: 'bargain_bex' }, { username: 'cal' }] });

  it('a comment tells the poster, a reply its parent author (once even on their own deal), mentions the named members; never oneself', async () => {
    const dealId = await liveDeal(h, ann, { title: 'Air fryer 5.5L' });
    const top = await comment(h, bex, dealId, 'Great price, @CAL look at this and @nobody_here');
    let a = await inbox(h, ann);
    expect(a.notifications[0]).toMatchObject({
      type: 'deal.comment',
      text: 'bargain_bex commented on your deal “Air fryer 5.5L”',
      url: `/dealDetail/${dealId}#comment-${top}`,
      actor: { username: 'bargain_bex', avatarUrl: null },
      dealId,
      commentId: top,
      count: 1,
      read: false,
    });
    expect((await inbox(h, cal)).notifications[0]).toMatchObject({ type: 'mention', text: 'bargain_bex mentioned you in a comment on “Air fryer 5.5L”' });
    expect(await inbox(h, bex)).toMatchObject({ notifications: [], unreadCount: 0 });
    // The comment names its existing members for the web to link, as they spell their names; unknown names stay text.
    const listed = await h.request({ method: 'GET', url: `/api/comments/${dealId}` });
    expect(listed.body.data[0].mentions).toEqual(['cal']);

    // Ann replies to Bex on her own deal: Bex gets a reply, Ann (the actor and the poster) nothing.
    const reply = await comment(h, ann, dealId, 'Thanks @bargain_bex!', top);
    expect(types(await inbox(h, bex))).toEqual(['comment.reply']);
    expect(types(await inbox(h, ann))).toEqual(['deal.comment']);
    // Cal replies to Bex on Ann's deal: Bex one reply (not a second for the mention), Ann one comment.
    await comment(h, cal, dealId, '@bargain_bex agreed', top);
    const b = await inbox(h, bex);
    expect(types(b)).toEqual(['comment.reply', 'comment.reply']);
    expect(b.notifications[1].url).toBe(`/dealDetail/${dealId}#comment-${reply}`);
    a = await inbox(h, ann);
    expect(types(a)).toEqual(['deal.comment', 'deal.comment']);
  });

  it('at most 10 members are told of one comment’s mentions', async () => {
    const many = await h.createUsers(12);
    const dealId = await liveDeal(h, null);
    await comment(h, bex, dealId, many.map((m) => `@${m.username}`).join(' '));
    const told = await h.db.kysely.selectFrom('notifications').select('user_id').where('type', '=', 'mention').where('deal_id', '=', dealId).execute();
    expect(told.map((r) => Number(r.user_id)).sort((x, y) => x - y)).toEqual(many.slice(0, 10).map((m) => m.id));
  });

  it('likes gather into one notification per comment that rises again with each new like', async () => {
    const dealId = await liveDeal(h, null);
    const c = await comment(h, ann, dealId, 'My comment');
    const like = (u: TestUser) => h.request({ method: 'POST', url: `/api/comments/${c}/like`, token: u.token });
    expect((await like(bex)).status).toBe(200);
    let liked = (await inbox(h, ann)).notifications.filter((n) => n.type === 'comment.liked');
    expect(liked).toHaveLength(1);
    expect(liked[0]).toMatchObject({ text: 'bargain_bex liked your comment', count: 1 });
    await h.request({ method: 'POST', url: '/api/notifications/read-all', token: ann.token });
    await like(cal);
    await like(cal); // idempotent: no third
    await like(admin);
    const a = await inbox(h, ann);
    liked = a.notifications.filter((n) => n.type === 'comment.liked');
    expect(liked).toHaveLength(1);
    expect(a.notifications[0]).toMatchObject({ type: 'comment.liked', count: 3, read: false, text: `${admin.username} and 2 others liked your comment` });
  });

  it('deal.hot once per threshold, when a vote lifts the temperature past it', async () => {
    const dealId = await liveDeal(h, ann, { title: 'Hot one' });
    // 48 earlier votes, as the counters would hold them.
    await h.db.kysely.updateTable('deals').set({ upvotes: 48, temperature: 48 }).where('id', '=', dealId).execute();
    const vote = (u: TestUser) => h.request({ method: 'POST', url: '/api/votes', token: u.token, payload: { dealId, voteType: 1 } });
    expect((await vote(bex)).status).toBe(200);
    expect((await h.db.kysely.selectFrom('notifications').select('id').where('type', '=', 'deal.hot').where('deal_id', '=', dealId).execute()).length).toBe(0);
    expect((await vote(cal)).status).toBe(200);
    await vote(admin);
    const hot = (await inbox(h, ann)).notifications.filter((n) => n.type === 'deal.hot' && n.dealId === dealId);
    expect(hot).toHaveLength(1);
    expect(hot[0]).toMatchObject({ text: 'Your deal “Hot one” reached 50°', url: `/dealDetail/${dealId}`, actor: null });
  });

  it("the team's decisions reach the poster: approved, edited, expired, deleted, rejected with the reason", async () => {
    const adminToken = admin.token;
    const pending = await insertDeal(h, { status: 'pending', user_id: ann.id, title: 'Pending kettle', url: 'https://shop.example/kettle-1' });
    expect((await h.request({ method: 'POST', url: `/api/admin/deals/${pending}/activate`, token: adminToken, payload: {} })).status).toBe(200);
    const mine = async () => (await inbox(h, ann)).notifications.filter((n) => n.dealId === pending);
    expect((await mine())[0]).toMatchObject({
      type: 'deal.approved',
      text: 'Your deal “Pending kettle” was approved and is live',
      actor: { username: admin.username },
    });

    const edit = (status: string, title = 'Pending kettle') =>
      h.request({
        method: 'PUT',
        url: `/api/admin/deals/${pending}`,
        token: adminToken,
        payload: { title, price: 10, url: 'https://shop.example/kettle-1', status, storeId: 1, categoryId: 1, imageUrl: 'https://img.example/k.png' },
      });
    expect((await edit('active', 'Kettle, fixed title')).status).toBe(200);
    expect((await mine()).map((n) => n.type)).toEqual(['deal.edited', 'deal.approved']);
    expect((await edit('expired', 'Kettle, fixed title')).status).toBe(200);
    expect((await mine())[0]).toMatchObject({ type: 'deal.expired', text: 'Your deal “Kettle, fixed title” was marked expired by the team' });
    expect((await edit('deleted', 'Kettle, fixed title')).status).toBe(200);
    expect((await mine())[0]).toMatchObject({ type: 'deal.deleted', url: '/user/deals' });

    const gone = await liveDeal(h, ann, { title: 'Removed for good' });
    expect((await h.request({ method: 'DELETE', url: `/api/admin/deals/${gone}`, token: adminToken })).status).toBe(200);
    expect((await inbox(h, ann)).notifications[0]).toMatchObject({ type: 'deal.deleted', dealId: gone, text: 'The team removed your deal “Removed for good”' });

    const rejected = await insertDeal(h, { status: 'pending', user_id: ann.id, title: 'Spam?' });
    await editDeal(h.app.deps, {
      id: rejected,
      actor: { id: 1, role: 'admin' },
      origin: 'admin',
      columns: async () => ({ status: 'rejected' }),
      backup: 'admin-edit',
      audit: () => ({ action: 'edit', reason: 'Referral links are not allowed' }),
    });
    expect((await inbox(h, ann)).notifications[0]).toMatchObject({
      type: 'deal.rejected',
      text: 'Your deal “Spam?” was rejected: Referral links are not allowed',
    });

    // The poster's own change (a member editing their deal) tells nobody.
    const before = (await inbox(h, ann)).totalCount;
    const own = await liveDeal(h, ann);
    await editDeal(h.app.deps, {
      id: own,
      actor: { id: ann.id, role: 'user' },
      origin: 'member',
      columns: async () => ({ title: 'Renamed' }),
      backup: 'owner-edit',
      audit: () => null,
    });
    expect((await inbox(h, ann)).totalCount).toBe(before);
  });

  it('alert.match copies each instant match in-app; saved.price_drop when the same product goes live cheaper', async () => {
    const alert = await h.request({ method: 'POST', url: '/api/alerts', token: cal.token, payload: { query: 'toaster' } });
    expect(alert.status).toBe(201);
    const saved = await liveDeal(h, ann, {
      title: 'Toaster 2 slice',
      price_pence: 3000,
      product_key: 'shop.example/toaster',
      url: 'https://shop.example/toaster?a=1',
    });
    expect((await h.request({ method: 'POST', url: `/api/deals/${saved}/save`, token: bex.token })).status).toBeLessThan(300);
    const cheaper = await insertDeal(h, {
      status: 'pending',
      user_id: ann.id,
      title: 'Toaster 2 slice cheaper',
      price_pence: 2499,
      product_key: 'shop.example/toaster',
      url: 'https://shop.example/toaster?a=2',
    });
    expect((await h.request({ method: 'POST', url: `/api/admin/deals/${cheaper}/activate`, token: admin.token, payload: {} })).status).toBe(200);
    expect((await inbox(h, cal)).notifications[0]).toMatchObject({
      type: 'alert.match',
      text: 'New deal for your alert “toaster”: “Toaster 2 slice cheaper”',
      dealId: cheaper,
    });
    const drop = (await inbox(h, bex)).notifications.find((n) => n.type === 'saved.price_drop');
    expect(drop).toMatchObject({ text: 'Now £24.99 at Argos, you saved it at £30.00', url: `/dealDetail/${cheaper}`, dealId: cheaper });
  });

  it('never about a deal the recipient may not see, never twice, never to unverified accounts', async () => {
    const pending = await insertDeal(h, { status: 'pending', user_id: ann.id });
    const unverified = await h.createUser({ verified: false });
    const draft = (userId: number, key: string) => ({
      userId,
      type: 'mention' as const,
      actorId: ann.id,
      dealId: pending,
      commentId: null,
      text: 'x',
      url: '/',
      groupKey: key,
      deal: { status: 'pending', ownerId: ann.id },
    });
    const rows = await h.db.kysely
      .transaction()
      .execute((trx) =>
        notify(h.db, trx, [draft(bex.id, 'k1'), draft(admin.id, 'k1'), draft(admin.id, 'k1'), draft(unverified.id, 'k1'), draft(ann.id, 'k1')]),
      );
    expect(rows.map((r) => Number(r.user_id))).toEqual([admin.id]);
    const again = await h.db.kysely.transaction().execute((trx) => notify(h.db, trx, [draft(admin.id, 'k1')]));
    expect(again).toEqual([]);
  });
});

describe('notifications: reading, marking, preferences, pruning', () => {
  const {
    h,
    members: [ann, bex],
  } = useHarness({ members: 2 });

  const seed = async (n: number, userId: number, at = Date.now()) => {
    for (let i = 0; i < n; i += 200) {
      await h.db.kysely
        .insertInto('notifications')
        .values(
          Array.from({ length: Math.min(200, n - i) }, (_, j) => ({
            user_id: userId,
            type: 'deal.hot',
            text: `n${i + j}`,
            url: '/',
            group_key: `seed:${at}:${i + j}`,
            created_at: new Date(at - (i + j) * 1000).toISOString(),
          })),
        )
        .execute();
    }
  };

  it('pages newest first, filters unread, counts unread, marks only the member’s own ids', async () => {
    await seed(25, ann.id);
    await seed(1, bex.id);
    const first = await inbox(h, ann, '?page=1&pageSize=10');
    expect(first).toMatchObject({ unreadCount: 25, totalCount: 25, totalPages: 3 });
    expect(first.notifications.map((n) => n.text)).toEqual(Array.from({ length: 10 }, (_, i) => `n${i}`));
    const ids = first.notifications.slice(0, 3).map((n) => n.id);
    const bexId = (await inbox(h, bex)).notifications[0].id;
    const marked = await h.request({ method: 'POST', url: '/api/notifications/read', token: ann.token, payload: { ids: [...ids, bexId] } });
    expect(marked.body.data).toEqual({ marked: 3, unreadCount: 22 });
    expect((await inbox(h, bex)).unreadCount).toBe(1);
    expect((await h.request({ method: 'GET', url: '/api/notifications/unread-count', token: ann.token })).body.data).toEqual({ count: 22 });
    const unread = await inbox(h, ann, '?unread=1&pageSize=50');
    expect(unread.totalCount).toBe(22);
    expect(unread.notifications.every((n) => !n.read)).toBe(true);
    const all = await h.request({ method: 'POST', url: '/api/notifications/read-all', token: ann.token });
    expect(all.body.data).toEqual({ marked: 22, unreadCount: 0 });
  });

  it('bad ids, page sizes and preferences are 400 with a clear message; visitors 401', async () => {
    for (const payload of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await h.request({ method: 'POST', url: '/api/notifications/read', token: ann.token, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await h.request({ method: 'GET', url: '/api/notifications?pageSize=500', token: ann.token })).body.error).toBe(
      'pageSize must be a whole number from 1 to 50',
    );
    const badType = await h.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: ann.token,
      payload: { preferences: { 'deal.bogus': { email: true } } },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.error).toMatch(/^type must be one of: comment.reply/);
    const badChannel = await h.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: ann.token,
      payload: { preferences: { 'deal.hot': { email: 'yes' } } },
    });
    expect(badChannel.status).toBe(400);
    expect((await h.request({ method: 'GET', url: '/api/notifications' })).status).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/notifications/stream?ticket=1.0.99999999999.AAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(401);
  });

  it('preferences: defaults, partial changes kept, in-app off stops the type, email marks rows for the mail', async () => {
    const got = await h.request({ method: 'GET', url: '/api/notifications/preferences', token: bex.token });
    expect(got.body.data.preferences['comment.reply']).toEqual({ inApp: true, email: true, push: true });
    expect(got.body.data.preferences['comment.liked']).toEqual({ inApp: true, email: false, push: false });
    const put = await h.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: bex.token,
      payload: { preferences: { 'deal.comment': { inApp: false }, 'comment.liked': { email: true } } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.preferences['deal.comment']).toEqual({ inApp: false, email: false, push: false });
    expect(put.body.data.preferences['comment.liked']).toEqual({ inApp: true, email: true, push: false });
    const dealId = await liveDeal(h, bex);
    const c = await comment(h, ann, dealId, 'hello');
    expect(types(await inbox(h, bex)).includes('deal.comment')).toBe(false);
    await h.request({ method: 'POST', url: `/api/comments/${c}/like`, token: bex.token });
    const own = await comment(h, bex, dealId, 'mine');
    await h.request({ method: 'POST', url: `/api/comments/${own}/like`, token: ann.token });
    const row = await h.db.kysely
      .selectFrom('notifications')
      .select('mail_pending')
      .where('user_id', '=', bex.id)
      .where('type', '=', 'comment.liked')
      .executeTakeFirstOrThrow();
    expect(row.mail_pending).toBe(1);
  });

  it('pruning keeps the newest 500 and everything younger than 90 days', async () => {
    const old = Date.now() - 100 * 86_400_000;
    const u = await h.createUser();
    await seed(KEEP_NEWEST + 20, u.id, old);
    const young = await h.createUser();
    await seed(10, young.id, old);
    await seed(KEEP_NEWEST + 5, young.id);
    expect(await pruneNotifications(h.db)).toBe(20 + 10);
    const count = async (id: number) =>
      Number(
        (
          await h.db.kysely
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(u.id)).toBe(KEEP_NEWEST);
    expect(await count(young.id)).toBe(KEEP_NEWEST + 5);
  });

  it('the live stream: a ticket opens it, it sends the unread count, then each new notification as it is committed', async () => {
    const ticket = (await h.request({ method: 'POST', url: '/api/notifications/stream-ticket', token: ann.token })).body.data.ticket as string;
    expect(ticket).not.toContain(ann.token);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    const { res, events, until } = stream;
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    await until(1);
    const startCount = events[0].unreadCount;
    const dealId = await liveDeal(h, ann, { title: 'Streamed deal' });
    await comment(h, bex, dealId, 'Live!');
    await until(2);
    expect(events[1]).toMatchObject({ unreadCount: startCount + 1, notification: { type: 'deal.comment', dealId } });
    await h.request({ method: 'POST', url: '/api/notifications/read-all', token: ann.token });
    await until(3);
    expect(events[2]).toEqual({ unreadCount: 0 });
    stream.close();
    // A ticket opens one stream, once.
    const again = await h.request({ method: 'GET', url: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}` });
    expect(again.status).toBe(401);
  });
});
