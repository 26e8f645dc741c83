import { describe, expect, it, vi } from 'vitest';
import { SOFT_WINDOW_MS } from '../../plugins/read-cache/soft-writes.js';
import { type TestUser, useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';

describe('comments that converse: replies and likes', () => {
  const {
    h,
    members: [alice, bob, carol],
    moderators: [moderator],
  } = useHarness({ members: 3, moderators: 1 });

  const post = (payload: Record<string, unknown>, token?: string) => h.request({ method: 'POST', url: '/api/comments', token, payload });
  const comment = async (dealId: number, text: string, who: TestUser, parentId?: number) => {
    const res = await post({ dealId, text, ...(parentId ? { parentId } : {}) }, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; parentId: number | null };
  };
  const list = async (dealId: number, who?: TestUser) =>
    (await h.request({ method: 'GET', url: `/api/comments/${dealId}`, token: who?.token })).body.data as any[];
  const like = (id: number, who?: TestUser, method: 'POST' | 'DELETE' = 'POST') => h.request({ method, url: `/api/comments/${id}/like`, token: who?.token });
  const commentCount = async (id: number) =>
    Number((await h.db.kysely.selectFrom('deals').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow()).comment_count);

  it('replies to a top-level comment of the same deal and lists parentId on every comment', async () => {
    const deal = await insertDeal(h);
    const question = await comment(deal, 'Does this fit a 2019 model?', alice);
    const reply = await comment(deal, 'Yes, fits mine.', bob, question.id);
    expect(reply.parentId).toBe(question.id);
    const rows = await list(deal);
    expect(rows.map((c) => [c.id, c.parentId])).toEqual([
      [question.id, null],
      [reply.id, question.id],
    ]);
    expect(rows[0]).toMatchObject({ likeCount: 0, isDeleted: false, username: alice.username });
    // Visitors get no likedByMe at all; members get it on every comment.
    expect(rows[0]).not.toHaveProperty('likedByMe');
    expect((await list(deal, carol)).map((c) => c.likedByMe)).toEqual([false, false]);
    expect(await commentCount(deal)).toBe(2);
    // parentId: null is a top-level comment.
    expect((await post({ dealId: deal, text: 'Top level', parentId: null }, carol.token)).body.data.parentId).toBeNull();
  });

  it("refuses a reply to a reply, to another deal's comment or to a missing comment", async () => {
    const deal = await insertDeal(h);
    const other = await insertDeal(h);
    const top = await comment(deal, 'Top', alice);
    const reply = await comment(deal, 'Reply', bob, top.id);
    const elsewhere = await comment(other, 'Elsewhere', alice);
    const refused = { status: 400, body: { success: false, error: 'You can only reply to a comment on this deal' } };
    expect(await post({ dealId: deal, text: 'Nested', parentId: reply.id }, carol.token)).toMatchObject(refused);
    expect(await post({ dealId: deal, text: 'Cross', parentId: elsewhere.id }, carol.token)).toMatchObject(refused);
    expect(await post({ dealId: deal, text: 'Ghost', parentId: 2_000_000 }, carol.token)).toMatchObject(refused);
    expect(await post({ dealId: deal, text: 'Bad', parentId: 'abc' }, carol.token)).toMatchObject({ status: 400 });
    expect(await post({ dealId: deal, text: 'Bad', parentId: -1 }, carol.token)).toMatchObject({ status: 400 });
    // Visitors hear "log in" before anything about the body.
    expect(await post({ dealId: deal, text: 'x', parentId: 'abc' })).toMatchObject({ status: 401, body: { error: 'Please log in to add a comment' } });
    expect(await commentCount(deal)).toBe(2);
  });

  it("likes: one per member, idempotent both ways, counted on the comment, never one's own, members only", async () => {
    const deal = await insertDeal(h);
    const c = await comment(deal, 'Heat added', alice);
    expect(await like(c.id)).toMatchObject({ status: 401 });
    expect(await like(c.id, alice)).toMatchObject({ status: 400, body: { error: 'You cannot like your own comment' } });
    expect(await like(c.id, bob)).toMatchObject({ status: 200, body: { data: { commentId: c.id, likeCount: 1, likedByMe: true } } });
    expect(await like(c.id, bob)).toMatchObject({ status: 200, body: { data: { likeCount: 1, likedByMe: true } } });
    expect(await like(c.id, carol)).toMatchObject({ status: 200, body: { data: { likeCount: 2, likedByMe: true } } });
    expect((await list(deal, bob))[0]).toMatchObject({ likeCount: 2, likedByMe: true });
    expect((await list(deal, alice))[0]).toMatchObject({ likeCount: 2, likedByMe: false });
    expect((await list(deal))[0]).toMatchObject({ likeCount: 2 });

    expect(await like(c.id, bob, 'DELETE')).toMatchObject({ status: 200, body: { data: { likeCount: 1, likedByMe: false } } });
    expect(await like(c.id, bob, 'DELETE')).toMatchObject({ status: 200, body: { data: { likeCount: 1, likedByMe: false } } });
    expect((await list(deal, bob))[0]).toMatchObject({ likeCount: 1, likedByMe: false });
    const rows = await h.db.kysely.selectFrom('comment_likes').select('user_id').where('comment_id', '=', c.id).execute();
    expect(rows.map((r) => r.user_id)).toEqual([carol.id]);

    expect(await like(2_000_000, bob)).toMatchObject({ status: 404, body: { error: 'Comment not found' } });
    expect(await like(c.id, undefined, 'DELETE')).toMatchObject({ status: 401 });
    expect((await h.request({ method: 'POST', url: '/api/comments/abc/like', token: bob.token })).status).toBe(400);
  });

  it('keeps like counts exact under concurrent likes', async () => {
    const deal = await insertDeal(h);
    const c = await comment(deal, 'Popular', alice);
    const fans = await Promise.all(Array.from({ length: 8 }, () => h.createUser()));
    const results = await Promise.all([...fans, ...fans].map((f) => like(c.id, f)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await list(deal))[0].likeCount).toBe(8);
  });

  it('likes only comments of public deals', async () => {
    const deal = await insertDeal(h);
    const c = await comment(deal, 'Soon hidden', alice);
    await h.db.kysely.updateTable('deals').set({ status: 'deleted' }).where('id', '=', deal).execute();
    expect(await like(c.id, bob)).toMatchObject({ status: 404 });
  });

  it('deleting a top-level comment with replies leaves a "[deleted]" placeholder; the replies stay', async () => {
    const deal = await insertDeal(h);
    const top = await comment(deal, 'Secret text', alice);
    const r1 = await comment(deal, 'First reply', bob, top.id);
    const r2 = await comment(deal, 'Second reply', carol, top.id);
    await like(top.id, bob);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${top.id}`, token: alice.token })).status).toBe(200);
    const rows = await list(deal, bob);
    expect(rows[0]).toEqual({
      id: top.id,
      dealId: deal,
      userId: null,
      username: '[deleted]',
      avatarUrl: null,
      text: '[deleted]',
      createdAt: expect.any(String),
      parentId: null,
      likeCount: 0,
      likedByMe: false,
      isDeleted: true,
      editedAt: null,
    });
    expect(JSON.stringify(rows)).not.toContain('Secret text');
    expect(rows.slice(1).map((c) => [c.id, c.parentId, c.isDeleted])).toEqual([
      [r1.id, top.id, false],
      [r2.id, top.id, false],
    ]);
    expect(await commentCount(deal)).toBe(2);
    // A placeholder cannot be answered, liked or deleted again.
    expect((await post({ dealId: deal, text: 'Late reply', parentId: top.id }, carol.token)).status).toBe(400);
    expect((await like(top.id, carol)).status).toBe(404);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${top.id}`, token: alice.token })).status).toBe(404);
    // Not the member's comment any more.
    const mine = await h.request({ method: 'GET', url: '/api/comments/user/me', token: alice.token });
    expect(mine.body.data.data.map((c: { id: number }) => c.id)).not.toContain(top.id);

    // When its last reply goes, so does the placeholder.
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${r1.id}`, token: bob.token })).status).toBe(200);
    expect((await list(deal)).map((c) => c.id)).toEqual([top.id, r2.id]);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${r2.id}`, token: moderator.token })).status).toBe(200);
    expect(await list(deal)).toEqual([]);
    expect(await commentCount(deal)).toBe(0);
  });

  it('deleting a comment without replies removes it and its likes', async () => {
    const deal = await insertDeal(h);
    const c = await comment(deal, 'Alone', alice);
    await like(c.id, bob);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${c.id}`, token: moderator.token })).status).toBe(200);
    expect(await list(deal)).toEqual([]);
    expect(await h.db.kysely.selectFrom('comment_likes').select('user_id').where('comment_id', '=', c.id).execute()).toEqual([]);
    const log = await h.db.kysely
      .selectFrom('moderation_log')
      .select(['action', 'entity_id'])
      .where('entity_id', '=', c.id)
      .where('entity_type', '=', 'comment')
      .execute();
    expect(log).toEqual([{ action: 'comment-remove', entity_id: c.id }]);
  });

  it('deleting a deal removes its comments, replies and likes', async () => {
    const deal = await insertDeal(h);
    const top = await comment(deal, 'Top', alice);
    const reply = await comment(deal, 'Reply', bob, top.id);
    await like(reply.id, alice);
    await h.db.kysely.deleteFrom('deals').where('id', '=', deal).execute();
    expect(await h.db.kysely.selectFrom('comments').select('id').where('id', 'in', [top.id, reply.id]).execute()).toEqual([]);
    expect(await h.db.kysely.selectFrom('comment_likes').select('user_id').where('comment_id', '=', reply.id).execute()).toEqual([]);
  });

  it('serves visitors the cached list but signed-in members their own likedByMe', async () => {
    const deal = await insertDeal(h);
    const c = await comment(deal, 'Cache me', alice);
    expect((await list(deal))[0].likeCount).toBe(0); // fills the anonymous cache
    await like(c.id, bob);
    // The liker sees it at once (members' reads of the list are their own).
    expect((await list(deal, bob))[0]).toMatchObject({ likeCount: 1, likedByMe: true });
    // A like is a soft write (plugins/read-cache/soft-writes.ts): visitors see it once the window has passed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SOFT_WINDOW_MS + 50 });
    try {
      expect((await list(deal))[0]).toMatchObject({ likeCount: 1 });
      expect((await list(deal))[0]).not.toHaveProperty('likedByMe');
    } finally {
      vi.useRealTimers();
    }
  });
});
