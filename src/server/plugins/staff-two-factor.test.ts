import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '../../shared/domain/members/account-security.js';
import type { Harness, TestUser } from '../test/harness.js';
import { uploadDealImage, validDealPayload } from '../test/data/deal-helpers.js';
import { insertDeal } from '../test/data/insert-deal.js';
import { apiRoutes, createHarnessWithRoutes, fillParams, isAdminRoute, type RouteEntry } from '../test/routes.js';

/**
 * REQUIRE_STAFF_2FA=1 (docs/notes/account-security.md): a moderator or administrator without two-factor sign-in gets
 * 403 'Two-factor authentication is required for your role' on every staff route, and keeps what a member may do (the
 * two-factor set-up first of all). The back office's routes come from the app itself, so a staff route added tomorrow
 * is walked too; the team's powers on member routes (someone else's deal, comment, voucher or profile) are listed.
 */
const REQUIRED = SECURITY_MESSAGES.staffTwoFactor;

describe('REQUIRE_STAFF_2FA=1 on every staff route', () => {
  let h: Harness;
  let adminRoutes: RouteEntry[];
  let member: TestUser;
  let moderator: TestUser;
  let admin: string;
  /** Staff who turned two-factor on: the same calls get past the rule. */
  let moderatorWith2fa: TestUser;

  beforeAll(async () => {
    const built = await createHarnessWithRoutes({ REQUIRE_STAFF_2FA: '1' });
    h = built.h;
    adminRoutes = apiRoutes(built.routes).filter(isAdminRoute);
    member = await h.createUser();
    moderator = await h.createUser({ role: 'moderator' });
    moderatorWith2fa = await h.createUser({ role: 'moderator' });
    await h.db.kysely.updateTable('users').set({ two_factor_enabled_at: new Date().toISOString() }).where('id', '=', moderatorWith2fa.id).execute();
    admin = await h.adminToken();
  });
  afterAll(() => h.close());

  it('found the back office, staff routes included', () => {
    expect(adminRoutes.length).toBeGreaterThan(40);
    const keys = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/admin/reports', 'POST /api/admin/users/:id/export', 'DELETE /api/admin/users/:id', 'POST /api/ai/generate']),
    );
    expect(adminRoutes.some((r) => r.access === 'staff')).toBe(true);
  });

  it('answers the administrator 403 with the two-factor message on every admin route, before anything is read', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const res = await h.request({ method: route.method, url: fillParams(route.url, 1), token: admin, payload: route.method === 'GET' ? undefined : {} });
      if (res.status !== 403 || res.body?.error !== REQUIRED) wrong.push(`${route.method} ${route.url} -> ${res.status} ${res.body?.error}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers a moderator 403 with the two-factor message on the moderators' routes, and 403 on the rest", async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      const res = await h.request({
        method: route.method,
        url: fillParams(route.url, 1),
        token: moderator.token,
        payload: route.method === 'GET' ? undefined : {},
      });
      const ok = route.access === 'staff' ? res.status === 403 && res.body?.error === REQUIRED : res.status === 403;
      if (!ok) wrong.push(`${route.method} ${route.url} -> ${res.status} ${res.body?.error}`);
    }
    expect(wrong).toEqual([]);
  });

  /** The team's powers on routes members use too: always on something of the member's (an edit with the caller's own upload). */
  async function teamCalls(token: string) {
    const image = await uploadDealImage(h, token);
    const dealId = await insertDeal(h, { user_id: member.id, title: 'A member deal' });
    const now = new Date().toISOString();
    const comment = await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: dealId, user_id: member.id, text: 'A member comment', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const voucher = await h.request({
      method: 'POST',
      url: '/api/vouchers',
      token: member.token,
      payload: { storeId: 1, code: `M${comment.id}`, title: '10% off' },
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(201);
    return [
      {
        call: "PUT someone else's deal",
        method: 'PUT' as const,
        url: `/api/deals/${dealId}`,
        payload: validDealPayload(image, { title: 'Edited by the team' }),
      },
      { call: "DELETE someone else's comment", method: 'DELETE' as const, url: `/api/comments/${comment.id}` },
      { call: "DELETE someone else's voucher", method: 'DELETE' as const, url: `/api/vouchers/${voucher.body.data.id}` },
      { call: "DELETE someone else's deal", method: 'DELETE' as const, url: `/api/deals/${dealId}` },
    ];
  }

  it("answers 403 with the two-factor message on the team's powers over members' deals, comments and vouchers", async () => {
    for (const token of [moderator.token, admin]) {
      for (const c of await teamCalls(token)) {
        const res = await h.request({ method: c.method, url: c.url, token, payload: c.payload });
        expect({ call: c.call, status: res.status, error: res.body.error }).toEqual({ call: c.call, status: 403, error: REQUIRED });
      }
    }
    // An administrator reads or changes another's profile only with two-factor on too.
    const profile = await h.request({ method: 'GET', url: `/api/users/${member.id}/profile`, token: admin });
    expect([profile.status, profile.body.error]).toEqual([403, REQUIRED]);
    // With two-factor on, the same powers work.
    for (const c of await teamCalls(moderatorWith2fa.token)) {
      const res = await h.request({ method: c.method, url: c.url, token: moderatorWith2fa.token, payload: c.payload });
      expect(res.status, `${c.call}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('keeps the set-up routes and what a member may do working', async () => {
    for (const token of [moderator.token, admin]) {
      expect((await h.request({ method: 'GET', url: '/api/auth/me', token })).body.data.twoFactorSetupRequired).toBe(true);
      const status = await h.request({ method: 'GET', url: '/api/account/two-factor', token });
      expect([status.status, status.body.data.required]).toEqual([200, true]);
      expect((await h.request({ method: 'POST', url: '/api/account/two-factor/setup', token })).status).toBe(200);
      expect((await h.request({ method: 'GET', url: '/api/notifications', token })).status).toBe(200);
    }
    // Their own things stay theirs to change.
    const own = await insertDeal(h, { user_id: moderator.id, title: 'The moderator deal' });
    expect((await h.request({ method: 'DELETE', url: `/api/deals/${own}`, token: moderator.token })).status).toBe(200);
    expect((await h.request({ method: 'GET', url: `/api/users/${moderator.id}/profile`, token: moderator.token })).status).toBe(200);
  });
});
