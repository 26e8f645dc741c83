import { describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../../test/harness.js';
import { insertVouchers } from '../../test/data/insert-voucher.js';
import { useHarness } from '../../test/harness.js';
import { refreshAgeingStandings } from './commands.js';

/** Vouchers through the API (docs/notes/vouchers-follows.md), on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */

const post = (h: Harness, u: TestUser, payload: Record<string, unknown>) => h.request({ method: 'POST', url: '/api/vouchers', token: u.token, payload });
const answer = (h: Harness, u: TestUser, id: number, worked: boolean) =>
  h.request({ method: 'POST', url: `/api/vouchers/${id}/answer`, token: u.token, payload: { worked } });
const approve = (h: Harness, admin: TestUser, id: number) => h.request({ method: 'POST', url: `/api/admin/vouchers/${id}/approve`, token: admin.token });

/** Moves a member's answer back in time (the weighting and the windows read updated_at). */
const backdateAnswer = (h: Harness, voucherId: number, userId: number, days: number) =>
  h.db.kysely
    .updateTable('voucher_answers')
    .set({ updated_at: new Date(Date.now() - days * 86_400_000).toISOString() })
    .where('voucher_id', '=', voucherId)
    .where('user_id', '=', userId)
    .execute();

describe('vouchers: posting, approval and the public lists', () => {
  const { h, admin, members, moderator } = useHarness({ members: 8, moderators: 1 });

  it('a member posts a pending voucher, the team approves it, then it is listed on /vouchers and its shop', async () => {
    const [ann, bex] = members;
    const res = await post(h, ann, {
      storeId: 1,
      code: ' save10 ',
      title: '10% off orders over £50',
      conditions: 'New customers only',
      expiresAt: '2099-01-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const v = res.body.data;
    expect(v).toMatchObject({
      storeId: 1,
      code: 'save10',
      title: '10% off orders over £50',
      status: 'pending',
      exclusive: false,
      successRate: null,
      answerCount: 0,
    });
    expect(v.postedBy).toEqual({ id: ann.id, username: ann.username });

    // Pending: the poster and the team see it, nobody else, and it is in no public list.
    expect((await h.request({ method: 'GET', url: `/api/vouchers/${v.id}`, token: ann.token })).status).toBe(200);
    expect((await h.request({ method: 'GET', url: `/api/vouchers/${v.id}`, token: bex.token })).status).toBe(404);
    expect((await h.request({ method: 'GET', url: `/api/vouchers/${v.id}` })).status).toBe(404);
    expect((await h.request({ method: 'GET', url: '/api/stores/1/vouchers' })).body.data.vouchers).toEqual([]);
    const queue = await h.request({ method: 'GET', url: '/api/admin/vouchers?status=pending', token: admin.token });
    expect(queue.body.data.vouchers.map((x: { id: number }) => x.id)).toContain(v.id);
    expect((await h.request({ method: 'GET', url: '/api/admin/vouchers/count', token: admin.token })).body.data.pending).toBeGreaterThanOrEqual(1);

    // Moderators work reports but do not approve (approval sits beside deals' activation: administrators).
    expect((await approve(h, moderator, v.id)).status).toBe(403);
    const approved = await approve(h, admin, v.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'active' });
    expect(approved.body.data.publishedAt).toEqual(expect.any(String));
    expect((await approve(h, admin, v.id)).status).toBe(409);

    const store = await h.request({ method: 'GET', url: '/api/stores/1/vouchers' });
    expect(store.body.data.vouchers.map((x: { id: number }) => x.id)).toEqual([v.id]);
    const newest = await h.request({ method: 'GET', url: '/api/vouchers' });
    expect(newest.body.data.vouchers[0]).toMatchObject({ id: v.id, storeName: expect.any(String) });
    const shops = await h.request({ method: 'GET', url: '/api/vouchers/shops' });
    expect(shops.body.data[0]).toMatchObject({ storeId: 1, workingCodes: 1, liveCodes: 1 });
  });

  it('staff post live; only the team marks a voucher exclusive; "no code needed" has no code', async () => {
    const [, , cat] = members;
    const staff = await post(h, moderator, { storeId: 2, title: 'Free delivery this weekend', exclusive: true });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    expect(staff.body.data).toMatchObject({ status: 'active', exclusive: true, code: null });
    const member = await post(h, cat, { storeId: 2, code: 'VIP', title: 'VIP exclusive code', exclusive: true });
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('Only the team can mark a voucher exclusive');
  });

  it('the same code for the same shop, live, is a 409 naming the existing voucher (any case, any spaces); another shop may have it', async () => {
    const [, , cat, dan] = members;
    const first = await post(h, moderator, { storeId: 3, code: 'SUMMER20', title: '20% off summer range' });
    expect(first.status).toBe(201);
    const dup = await post(h, cat, { storeId: 3, code: ' summer20', title: 'Twenty percent off' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ success: false, error: 'This code is already listed for this shop', data: { existingVoucherId: first.body.data.id } });
    expect((await post(h, dan, { storeId: 4, code: 'SUMMER20', title: '20% off elsewhere' })).status).toBe(201);

    // A pending duplicate waits; approving it while the other is live is refused with the live one's id.
    const [pendingDup] = await insertVouchers(h, [{ store_id: 3, user_id: dan.id, code: 'summer20', title: 'Same again', status: 'pending' }]);
    const refused = await approve(h, admin, pendingDup as number);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ existingVoucherId: first.body.data.id });
  });

  it('bad input is a clear 4xx and writes nothing', async () => {
    const [ann] = members;
    const before = await h.db.kysely
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ storeId: 1, code: 'AB\u0007CD', title: 'Control character code' }, 400, 'Code must be 1-50 characters without control characters'],
      [{ storeId: 1, code: 'X'.repeat(51), title: 'Too long a code here' }, 400, 'Code must be 1-50 characters without control characters'],
      [{ storeId: 1, code: 'OK', title: 'tiny' }, 400, 'Title must be 5-120 characters'],
      [{ storeId: 1, code: 'OK', title: 'T'.repeat(121) }, 400, 'Title must be 5-120 characters'],
      [{ storeId: 1, code: 'OK', title: 'A fine title', conditions: 'C'.repeat(501) }, 400, 'Conditions must be at most 500 characters'],
      [{ storeId: 1, code: 'OK', title: 'A fine title', expiresAt: 'soon' }, 400, 'Expiry date must be a valid date'],
      [{ storeId: 1, code: 'OK', title: 'A fine title', expiresAt: '2001-01-01' }, 400, 'Expiry date must be in the future'],
      [{ storeId: 'x', code: 'OK', title: 'A fine title' }, 400, 'Please choose a store'],
      [{ storeId: 99999, code: 'OK', title: 'A fine title' }, 404, 'Store not found'],
    ];
    for (const [payload, status, error] of cases) {
      const res = await post(h, ann, payload);
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.error).toBe(error);
    }
    const after = await h.db.kysely
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await h.request({ method: 'POST', url: '/api/vouchers', payload: { storeId: 1, title: 'Visitor post' } })).status).toBe(401);
  });

  it('answers: one per member, changeable, never on one own voucher; the rate weighs recent answers more', async () => {
    const [ann, bex, cat, dan] = members;
    const created = await post(h, ann, { storeId: 5, code: 'WEIGHT', title: 'Weighted answers test' });
    const id = created.body.data.id;
    await approve(h, admin, id);

    const own = await answer(h, ann, id, true);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('You cannot answer your own voucher');

    expect((await answer(h, bex, id, true)).body.data).toMatchObject({ successRate: 1, answerCount: 1, myAnswer: true });
    const changed = await answer(h, bex, id, false);
    expect(changed.body.data).toMatchObject({ successRate: 0, answerCount: 1, myAnswer: false });
    // A changed answer replaces the old one: nobody says it worked now.
    expect(changed.body.data.lastWorkedAt).toBeNull();

    // cat: worked 14 days ago (weight 1/4); dan: didn't work today (weight 1); bex: worked today (weight 1).
    await answer(h, bex, id, true);
    await answer(h, cat, id, true);
    await answer(h, dan, id, false);
    await backdateAnswer(h, id, cat.id, 14);
    await refreshAgeingStandings(h.db);
    let v = (await h.request({ method: 'GET', url: `/api/vouchers/${id}` })).body.data;
    expect(v.answerCount).toBe(3);
    expect(v.successRate).toBeCloseTo(1.25 / 2.25, 3);

    // An answer older than 30 days leaves the rate and the count.
    await backdateAnswer(h, id, cat.id, 31);
    await refreshAgeingStandings(h.db);
    v = (await h.request({ method: 'GET', url: `/api/vouchers/${id}` })).body.data;
    expect(v).toMatchObject({ answerCount: 2, successRate: 0.5 });
  });

  it("'May not work': 5 answers in 7 days under 30% success marks it, and it sinks below working codes", async () => {
    const [ann, ...others] = members;
    const good = (await post(h, moderator, { storeId: 6, code: 'GOOD', title: 'Good code that works' })).body.data.id;
    const bad = (await post(h, ann, { storeId: 6, code: 'BAD', title: 'Bad code that fails' })).body.data.id;
    await approve(h, admin, bad);
    // Newer than "good", so without answers it would come first; four "Didn't work" and nothing marks it yet.
    for (const m of others.slice(0, 4)) await answer(h, m, bad, false);
    let v = (await h.request({ method: 'GET', url: `/api/vouchers/${bad}` })).body.data;
    expect(v.mayNotWork).toBe(false);
    await answer(h, others[4], bad, false);
    v = (await h.request({ method: 'GET', url: `/api/vouchers/${bad}` })).body.data;
    expect(v).toMatchObject({ mayNotWork: true, successRate: 0, answerCount: 5 });
    const list = (await h.request({ method: 'GET', url: '/api/stores/6/vouchers' })).body.data.vouchers.map((x: { id: number }) => x.id);
    expect(list).toEqual([good, bad]);
  });

  it('copies are counted for anyone (no cookie set); reports as for deals; expired ones hidden unless asked for', async () => {
    const [ann, bex, cat, dan] = members;
    const id = (await post(h, moderator, { storeId: 7, code: 'COPYME', title: 'Copy counting voucher' })).body.data.id;
    const copy = await h.request({ method: 'POST', url: `/api/vouchers/${id}/copy` });
    expect(copy.status).toBe(200);
    expect(copy.body.data).toEqual({ id, copyCount: 1 });
    expect(copy.headers['set-cookie']).toBeUndefined();
    expect((await h.request({ method: 'POST', url: `/api/vouchers/${id}/copy`, token: ann.token })).body.data.copyCount).toBe(2);

    const report = (u: TestUser, reason: string) => h.request({ method: 'POST', url: `/api/vouchers/${id}/reports`, token: u.token, payload: { reason } });
    expect((await report(ann, 'bogus')).status).toBe(400);
    expect((await report(ann, 'spam')).status).toBe(201);
    expect((await report(ann, 'spam')).status).toBe(409);
    expect((await report(bex, 'expired')).body.data.voucherExpired).toBe(false);
    expect((await report(cat, 'expired')).body.data.voucherExpired).toBe(false);
    expect((await report(dan, 'expired')).body.data.voucherExpired).toBe(true);

    expect((await h.request({ method: 'GET', url: '/api/stores/7/vouchers' })).body.data.vouchers).toEqual([]);
    const withExpired = await h.request({ method: 'GET', url: '/api/stores/7/vouchers?includeExpired=true' });
    expect(withExpired.body.data.vouchers[0]).toMatchObject({ id, isExpired: true, status: 'expired' });
    expect((await h.request({ method: 'POST', url: `/api/vouchers/${id}/copy` })).status).toBe(404);

    const reported = await h.request({ method: 'GET', url: '/api/admin/vouchers?status=reported', token: moderator.token });
    expect(reported.body.data.vouchers.find((x: { id: number }) => x.id === id)).toMatchObject({ openReports: 1 });
    const resolved = await h.request({
      method: 'POST',
      url: `/api/admin/vouchers/${id}/reports/resolve`,
      token: moderator.token,
      payload: { action: 'delete' },
    });
    expect(resolved.body.data).toEqual({ id, resolvedReports: 1, status: 'deleted' });
    expect((await h.request({ method: 'GET', url: `/api/vouchers/${id}` })).status).toBe(404);
  });
});
