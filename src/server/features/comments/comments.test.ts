import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';

describe('comments API', () => {
  const {
    h,
    members: [author, other],
    moderators: [moderator],
  } = useHarness({ members: 2, moderators: 1 });

  const post = (dealId: unknown, text: unknown, token?: string) => h.request({ method: 'POST', url: '/api/comments', token, payload: { dealId, text } });
  const count = async (id: number) =>
    (await h.db.kysely.selectFrom('deals').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow()).comment_count;

  it('adds trimmed comments, lists them oldest first with author and avatar, keeps commentCount exact', async () => {
    const id = await insertDeal(h, { user_id: other.id, price_pence: 1299, original_price_pence: 1999, category_id: 3 });
    const first = await post(String(id), '  First!  ', author.token);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ dealId: id, userId: author.id, username: author.username, avatarUrl: null, text: 'First!' });
    await post(id, 'Second', other.token);
    const list = await h.request({ method: 'GET', url: `/api/comments/${id}` });
    expect(list.body.data.map((c: { text: string }) => c.text)).toEqual(['First!', 'Second']);
    expect(await count(id)).toBe(2);
    const detail = await h.request({ method: 'GET', url: `/api/deals/${id}` });
    expect(detail.body.data.commentCount).toBe(2);
  });

  it('enforces the comment rules with the spec messages', async () => {
    const id = await insertDeal(h);
    expect(await post(id, 'hi')).toMatchObject({ status: 401, body: { error: 'Please log in to add a comment' } });
    expect(await post(id, '   ', author.token)).toMatchObject({ status: 400, body: { error: 'Comment cannot be empty' } });
    expect((await post(id, 'x'.repeat(2001), author.token)).status).toBe(400);
    expect((await post(id, 'x'.repeat(2000), author.token)).status).toBe(201);
    expect((await post(999999, 'hi', author.token)).status).toBe(404);
    const expired = await insertDeal(h, { status: 'expired' });
    expect((await post(expired, 'late', author.token)).status).toBe(403);
    const pending = await insertDeal(h, { status: 'pending' });
    expect((await post(pending, 'early', author.token)).status).toBe(404);
    expect((await h.request({ method: 'GET', url: `/api/comments/${pending}` })).status).toBe(403);
    expect((await h.request({ method: 'GET', url: '/api/comments/999999' })).status).toBe(404);
  });

  it('deletes own comments; moderators delete any (logged); others are refused', async () => {
    const id = await insertDeal(h);
    const mine = (await post(id, 'mine', author.token)).body.data.id;
    const theirs = (await post(id, 'theirs', other.token)).body.data.id;
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${theirs}`, token: author.token })).status).toBe(403);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${mine}`, token: author.token })).status).toBe(200);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${theirs}`, token: moderator.token })).status).toBe(200);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${theirs}`, token: moderator.token })).status).toBe(404);
    expect(await count(id)).toBe(0);
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_type', '=', 'comment').execute();
    expect(log.map((l) => [l.action, l.entity_id, l.actor_id])).toEqual([['comment-remove', theirs, moderator.id]]);
  });

  it('pages my comments with deal details and SQL-style UTC dates', async () => {
    const me = await h.createUser();
    const id = await insertDeal(h, { title: 'Lego set', user_id: other.id, price_pence: 4999, original_price_pence: 7999, category_id: 7 });
    for (let i = 0; i < 23; i++) await post(id, `c${i}`, me.token);
    const p1 = await h.request({ method: 'GET', url: '/api/comments/user/me', token: me.token });
    expect(p1.body.data.pagination).toEqual({ page: 1, pageSize: 20, totalCount: 23, totalPages: 2 });
    expect(p1.body.data.data).toHaveLength(20);
    expect(p1.body.data.data[0]).toMatchObject({
      dealId: id,
      dealTitle: 'Lego set',
      text: 'c22',
      dealOwnerUsername: other.username,
      price: 49.99,
      originalPrice: 79.99,
      categoryName: 'Toys & Kids',
    });
    expect(p1.body.data.data[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const p2 = await h.request({ method: 'GET', url: '/api/comments/user/me?page=2&pageSize=20', token: me.token });
    expect(p2.body.data.data.map((c: { text: string }) => c.text)).toEqual(['c2', 'c1', 'c0']);
    expect((await h.request({ method: 'GET', url: '/api/comments/user/me' })).status).toBe(401);
  });
});
