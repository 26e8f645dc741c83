import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { matrixCallers, type Role } from '../../test/permission-matrix.js';

/** This matrix lists the unverified account's answer second, beside the visitor's. */
const ROLES: Role[] = ['visitor', 'unverified', 'member', 'owner', 'moderator', 'admin'];

interface Fixture {
  dealId: number;
  voteId: number;
}

interface Row {
  call: string;
  method: 'GET' | 'POST';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => object;
  /** Expected status for visitor, unverified, member, owner, moderator, admin. */
  expect: [number, number, number, number, number, number];
  /** What a refused call must have left alone. */
  unchanged?: (h: Harness, f: Fixture) => Promise<void>;
}

const STAFF: Row['expect'] = [401, 403, 403, 403, 200, 200];

const reportStillOpen = async (h: Harness, f: Fixture) => {
  const open = await h.db.kysely.selectFrom('deal_reports').select('id').where('deal_id', '=', f.dealId).where('resolved_at', 'is', null).execute();
  expect(open).toHaveLength(1);
};
const voteStillThere = async (h: Harness, f: Fixture) => {
  expect(await h.db.kysely.selectFrom('votes').select('id').where('id', '=', f.voteId).execute()).toHaveLength(1);
};

/**
 * Every trust route (reports, the report queue, the Votes panel, the public log) against every kind of caller; the
 * owner is the deal's poster, a plain member otherwise.
 */
const MATRIX: Row[] = [
  {
    call: 'POST /deals/{id}/reports',
    method: 'POST',
    url: (f) => `/api/deals/${f.dealId}/reports`,
    body: () => ({ reason: 'spam', note: 'Looks like an advert' }),
    expect: [401, 403, 201, 403, 201, 201],
  },
  { call: 'GET /admin/reports', method: 'GET', url: () => '/api/admin/reports?status=open', expect: STAFF },
  { call: 'GET /admin/reports/count', method: 'GET', url: () => '/api/admin/reports/count', expect: STAFF },
  {
    call: 'POST /admin/reports/{dealId}/resolve',
    method: 'POST',
    url: (f) => `/api/admin/reports/${f.dealId}/resolve`,
    body: () => ({ action: 'dismiss', reason: 'Fine' }),
    expect: STAFF,
    unchanged: reportStillOpen,
  },
  { call: 'GET /admin/deals/{id}/votes', method: 'GET', url: (f) => `/api/admin/deals/${f.dealId}/votes`, expect: STAFF },
  {
    call: 'POST /admin/deals/{id}/votes/void',
    method: 'POST',
    url: (f) => `/api/admin/deals/${f.dealId}/votes/void`,
    body: (f) => ({ voteIds: [f.voteId], reason: 'Ring' }),
    expect: STAFF,
    unchanged: voteStillThere,
  },
  { call: 'GET /moderation-log', method: 'GET', url: () => '/api/moderation-log', expect: [200, 200, 200, 200, 200, 200] },
];

describe('trust routes: every role', () => {
  let h: Harness;
  let tokens: Partial<Record<Role, string>> = {};
  let ownerId: number;
  let bystander: Awaited<ReturnType<Harness['createUser']>>;

  beforeAll(async () => {
    h = await createHarness();
    const callers = await matrixCallers(h);
    ownerId = callers.owner.id;
    tokens = callers.tokens;
    bystander = await h.createUser();
  });
  afterAll(() => h.close());

  /** A fresh active deal of the owner with one open report and one vote of a bystander. */
  const fixture = async (): Promise<Fixture> => {
    const dealId = await insertDeal(h, { user_id: ownerId });
    await h.db.kysely
      .insertInto('deal_reports')
      .values({
        deal_id: dealId,
        user_id: bystander.id,
        reason: 'spam',
        note: null,
        created_at: new Date().toISOString(),
        resolved_at: null,
        resolved_by: null,
        resolution: null,
      })
      .execute();
    const vote = await h.db.kysely
      .insertInto('votes')
      .values({ deal_id: dealId, user_id: bystander.id, vote_type: 1, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.kysely.updateTable('deals').set({ upvotes: 1, temperature: 1 }).where('id', '=', dealId).execute();
    return { dealId, voteId: Number(vote.id) };
  };

  const cells = MATRIX.flatMap((row) => ROLES.map((role, i) => ({ row, role, status: row.expect[i] })));

  it.each(cells.map((c) => [c.row.call, c.role, c.status, c] as const))('%s as %s -> %i', async (_call, role, status, { row }) => {
    const f = await fixture();
    const res = await h.request({ method: row.method, url: row.url(f), token: tokens[role], ...(row.body ? { payload: row.body(f) } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.success).toBe(status < 400);
    if (status >= 400) await row.unchanged?.(h, f);
  });

  it('turns callers away before reading what they sent', async () => {
    const f = await fixture();
    const junk = { reason: 12, action: [], voteIds: 'x', note: {} };
    expect(await h.request({ method: 'POST', url: `/api/deals/${f.dealId}/reports`, payload: junk })).toMatchObject({
      status: 401,
      body: { error: 'Please log in to report a deal' },
    });
    expect((await h.request({ method: 'POST', url: '/api/deals/not-a-number/reports', payload: junk })).status).toBe(401);
    for (const url of [`/api/admin/reports/${f.dealId}/resolve`, `/api/admin/deals/${f.dealId}/votes/void`, '/api/admin/reports/zzz/resolve']) {
      expect((await h.request({ method: 'POST', url, payload: junk })).status).toBe(401);
      expect((await h.request({ method: 'POST', url, payload: junk, token: tokens.member })).status).toBe(403);
      expect((await h.request({ method: 'POST', url, payload: junk, token: tokens.moderator })).status).toBe(400);
    }
    expect((await h.request({ method: 'GET', url: '/api/admin/reports?status=bogus', token: tokens.member })).status).toBe(403);
    await reportStillOpen(h, f);
    await voteStillThere(h, f);
  });
});
