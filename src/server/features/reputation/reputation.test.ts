import { describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { insertVouchers } from '../../test/data/insert-voucher.js';
import { recomputeReputation } from './commands.js';

/** Records and badges (docs/notes/vouchers-follows.md), on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */

const page = async (h: Harness, u: TestUser) => (await h.request({ method: 'GET', url: `/api/members/${u.username}` })).body.data;

describe('reputation: records and badges', () => {
  const {
    h,
    members: [hot, helper, liker, hunter, plain],
  } = useHarness({ members: 5 });

  it('the job writes records and badges; the member page shows them; never computed on a page view', async () => {
    // hot: 5 public deals at 100° of 6 (one pending at 300° does not count), all in the last 28 days.
    for (let i = 0; i < 5; i++) await insertDeal(h, { status: i % 2 ? 'expired' : 'active', user_id: hot.id, temperature: 100 + i });
    await insertDeal(h, { status: 'active', user_id: hot.id, temperature: 99 });
    await insertDeal(h, { status: 'pending', user_id: hot.id, temperature: 300 });
    // plain posts one lukewarm deal: a poster, so the top 20% of 2 posters is the first place.
    await insertDeal(h, { status: 'active', user_id: plain.id, temperature: 3 });

    // Nothing is worked out on a page view: before the job, no badges.
    expect((await page(h, hot)).badges).toEqual([]);
    await recomputeReputation(h.db);
    const p = await page(h, hot);
    expect(p.badges).toEqual(['superposter', 'hot-poster']);
    expect(p.record).toMatchObject({ dealsPosted: 6, hotDeals: 5, hotShare: 5 / 6 });
    expect((await page(h, plain)).badges).toEqual([]);

    // The badge shows beside the poster's name on their cards.
    const list = await h.request({ method: 'GET', url: `/api/deals?sort=hottest&pageSize=3` });
    expect(list.body.data.deals[0]).toMatchObject({ userUsername: hot.username, userBadges: ['Superposter', 'Hot Poster'] });
  });

  it('Helpful comes with the 100th like at once (an event) and goes with the 100th removed', async () => {
    const dealId = await insertDeal(h, { status: 'active', user_id: plain.id });
    const posted = await h.request({ method: 'POST', url: '/api/comments', token: helper.token, payload: { dealId, text: 'Use code at checkout' } });
    const commentId = posted.body.data.comment?.id ?? posted.body.data.id;
    // 99 likes straight in (and the record as the job leaves it), then the 100th through the API.
    await h.db.kysely.updateTable('comments').set({ like_count: 99 }).where('id', '=', commentId).execute();
    await recomputeReputation(h.db);
    expect((await page(h, helper)).badges).toEqual([]);
    expect((await h.request({ method: 'POST', url: `/api/comments/${commentId}/like`, token: liker.token })).status).toBe(200);
    const p = await page(h, helper);
    expect(p.badges).toEqual(['helpful']);
    expect(p.record).toMatchObject({ comments: 1, likesReceived: 100 });
    const comments = await h.request({ method: 'GET', url: `/api/comments/${dealId}` });
    const shown = (comments.body.data.comments ?? comments.body.data).find((c: { id: number }) => c.id === commentId);
    expect(shown.userBadges).toEqual(['Helpful']);

    await h.request({ method: 'DELETE', url: `/api/comments/${commentId}/like`, token: liker.token });
    expect((await page(h, helper)).badges).toEqual([]);
  });

  it('a comment, a like, an unlike and a removal move the author’s record by the difference, always what the full job computes', async () => {
    // hot already has a record (the first case's job): their deals, then comments of theirs.
    const before = (await page(h, hot)).record;
    const dealId = await insertDeal(h, { status: 'active', user_id: plain.id });
    /** The record after an event, then after the job: the same. */
    const asTheJob = async () => {
      const afterEvent = (await page(h, hot)).record;
      await recomputeReputation(h.db);
      expect((await page(h, hot)).record).toEqual(afterEvent);
      return afterEvent;
    };
    const post = async (text: string) => {
      const res = await h.request({ method: 'POST', url: '/api/comments', token: hot.token, payload: { dealId, text } });
      expect(res.status).toBe(201);
      return Number(res.body.data.comment?.id ?? res.body.data.id);
    };
    const first = await post('Price matched in store');
    expect(await asTheJob()).toMatchObject({ ...before, comments: before.comments + 1 });
    const second = await post('Still on this morning');
    for (const u of [liker, helper]) expect((await h.request({ method: 'POST', url: `/api/comments/${second}/like`, token: u.token })).status).toBe(200);
    expect((await h.request({ method: 'POST', url: `/api/comments/${first}/like`, token: liker.token })).status).toBe(200);
    expect(await asTheJob()).toMatchObject({ comments: before.comments + 2, likesReceived: before.likesReceived + 3 });
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${first}/like`, token: liker.token })).status).toBe(200);
    expect(await asTheJob()).toMatchObject({ comments: before.comments + 2, likesReceived: before.likesReceived + 2 });
    // Removed with its two likes; then the other, now a reply's parent kept as "[deleted]" (its likes go too).
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${second}`, token: hot.token })).status).toBe(200);
    expect(await asTheJob()).toMatchObject({ comments: before.comments + 1, likesReceived: before.likesReceived });
    const reply = await h.request({ method: 'POST', url: '/api/comments', token: plain.token, payload: { dealId, text: 'Agreed', parentId: first } });
    expect(reply.status).toBe(201);
    expect((await h.request({ method: 'POST', url: `/api/comments/${first}/like`, token: helper.token })).status).toBe(200);
    expect((await h.request({ method: 'DELETE', url: `/api/comments/${first}`, token: hot.token })).status).toBe(200);
    expect(await asTheJob()).toMatchObject({ ...before });
  });

  it('Voucher Hunter: ten approved vouchers at 70% or more; the record shows vouchers and their mean success', async () => {
    await insertVouchers(
      h,
      Array.from({ length: 10 }, (_, i) => ({
        store_id: 1 + (i % 3),
        user_id: hunter.id,
        code: `HUNT${i}`,
        success_rate: i === 0 ? 0.69 : 0.9,
        answer_count: 5,
      })),
    );
    await recomputeReputation(h.db);
    let p = await page(h, hunter);
    expect(p.badges).toEqual([]);
    expect(p.record.vouchersPosted).toBe(10);
    expect(p.record.voucherSuccess).toBeCloseTo((0.69 + 9 * 0.9) / 10, 5);
    await h.db.kysely.updateTable('vouchers').set({ success_rate: 0.7 }).where('code_key', '=', 'HUNT0').execute();
    await recomputeReputation(h.db);
    p = await page(h, hunter);
    expect(p.badges).toEqual(['voucher-hunter']);
  });
});
