import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../test/harness.js';
import { apiRoutes, createHarnessWithRoutes, fillParams, isAdminRoute, type RouteEntry } from '../test/routes.js';

/**
 * Every back-office route refuses a caller who is not an administrator (401 visitor, 403 anyone
 * else) before it reads the request, so a bad body, query or id never earns a 400 that tells an outsider what the
 * route wants. The routes come from the app itself: a new admin route is walked without being listed here.
 */
describe('the admin area refuses before it parses', () => {
  let h: Harness;
  let adminRoutes: RouteEntry[];
  const tokens: Record<string, string | undefined> = { visitor: undefined };

  beforeAll(async () => {
    const built = await createHarnessWithRoutes();
    h = built.h;
    adminRoutes = apiRoutes(built.routes).filter(isAdminRoute);
    tokens.member = (await h.createUser()).token;
    tokens.moderator = (await h.createUser({ role: 'moderator' })).token;
    tokens.unverified = (await h.createUser({ verified: false })).token;
  });
  afterAll(() => h.close());

  it('found the back office in the app', () => {
    const keys = adminRoutes.map((r) => `${r.method} ${r.url}`);
    for (const known of [
      'GET /api/admin/dashboard',
      'PUT /api/admin/deals/:id',
      'GET /api/admin/scrapers/logs',
      'POST /api/admin/scrapers/run',
      'POST /api/admin/scrapers/run/:id',
      'POST /api/admin/scrapers/run-all',
      'POST /api/admin/deals/localize-image',
      'POST /api/ai/generate',
    ]) {
      expect(keys).toContain(known);
    }
  });

  /** Requests no route would accept: an id that is not one, a query of wrong types, a body of wrong types or not JSON at all. */
  const badRequests = (route: RouteEntry) => {
    const url = `${fillParams(route.url, 'not-an-id')}?limit=-5&page=zero&status=bogus&sortBy=%00&search=${'x'.repeat(300)}`;
    const reads = [{ url }];
    if (route.method === 'GET') return reads;
    return [
      ...reads,
      { url, payload: { source: [], imageUrl: 5, dealId: 'x', title: null, processTasks: 7, role: 9, prompt: {} } },
      { url, payload: '{"broken": ', headers: { 'content-type': 'application/json' } },
      { url, payload: 'not multipart', headers: { 'content-type': 'multipart/form-data' } },
    ];
  };

  const callers = [
    { who: 'visitor', status: 401 },
    { who: 'member', status: 403 },
    { who: 'moderator', status: 403 },
    { who: 'unverified', status: 403 },
  ];

  /**
   * The report queue and a deal's votes are the moderators' work too (docs/notes/trust.md), and so are the deal-level
   * analytics (docs/notes/analytics.md); every other admin route is not.
   */
  it('lets moderators into the staff routes only', () => {
    const staff = adminRoutes
      .filter((r) => r.access === 'staff')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(staff).toEqual(
      [
        'GET /api/admin/analytics',
        'GET /api/admin/analytics/daily.csv',
        'GET /api/admin/deals/:id/votes',
        'GET /api/admin/reports',
        'GET /api/admin/reports/count',
        'POST /api/admin/deals/:id/votes/void',
        'POST /api/admin/reports/:dealId/resolve',
        // Voucher reports are the moderators' work too (docs/notes/vouchers-follows.md); approving vouchers is the admins'.
        'GET /api/admin/vouchers',
        'GET /api/admin/vouchers/count',
        'POST /api/admin/vouchers/:id/reports/resolve',
      ].sort(),
    );
  });

  it.each(callers)('answers a $who $status on every admin route, whatever is sent', async ({ who, status }) => {
    const wrong: string[] = [];
    for (const route of adminRoutes) {
      if (who === 'moderator' && route.access === 'staff') continue; // moderators' own routes: reports.test.ts, trust-votes.test.ts
      for (const req of badRequests(route)) {
        const res = await h.request({ method: route.method, token: tokens[who], ...req });
        if (res.status !== status || res.body?.success !== false)
          wrong.push(`${route.method} ${req.url.split('?')[0]} -> ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('ran nothing for them', async () => {
    expect(await h.db.kysely.selectFrom('scraper_logs').select('id').execute()).toHaveLength(0);
    expect(await h.db.kysely.selectFrom('moderation_log').select('id').execute()).toHaveLength(0);
  });
});
