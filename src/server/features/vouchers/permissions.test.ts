import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertVouchers } from '../../test/data/insert-voucher.js';
import { expectByRole, matrixCallers, ROLES, type Role, unverifiedAnswer } from '../../test/permission-matrix.js';

/** Fresh records per cell, owned by "owner": a live voucher, a pending one, and a member to follow. */
interface Fixture {
  liveId: number;
  pendingId: number;
  reportedId: number;
  storeId: number;
  ownerId: number;
}

interface Row {
  call: string;
  method: 'GET' | 'POST' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => Record<string, unknown>;
  /** visitor, member, owner, moderator, admin (an unverified account: 403 where a visitor gets 401). */
  expect: [number, number, number, number, number];
}

const ALL_200: Row['expect'] = [200, 200, 200, 200, 200];
const MEMBERS: Row['expect'] = [401, 200, 200, 200, 200];
const STAFF: Row['expect'] = [401, 403, 403, 200, 200];
const ADMIN_ONLY: Row['expect'] = [401, 403, 403, 403, 200];

/** Every route of vouchers and follows (docs/notes/vouchers-follows.md) against every kind of caller. */
const MATRIX: Row[] = [
  { call: 'GET /vouchers', method: 'GET', url: () => '/api/vouchers', expect: ALL_200 },
  { call: 'GET /vouchers/shops', method: 'GET', url: () => '/api/vouchers/shops', expect: ALL_200 },
  { call: 'GET /vouchers/{id} live', method: 'GET', url: (f) => `/api/vouchers/${f.liveId}`, expect: ALL_200 },
  { call: 'GET /vouchers/{id} pending', method: 'GET', url: (f) => `/api/vouchers/${f.pendingId}`, expect: [404, 404, 200, 200, 200] },
  { call: 'GET /stores/{id}/vouchers', method: 'GET', url: (f) => `/api/stores/${f.storeId}/vouchers`, expect: ALL_200 },
  {
    call: 'POST /vouchers',
    method: 'POST',
    url: () => '/api/vouchers',
    body: (f) => ({ storeId: f.storeId, code: `NEW${Math.random().toString(36).slice(2, 8)}`, title: 'Matrix voucher' }),
    expect: [401, 201, 201, 201, 201],
  },
  {
    call: 'POST /vouchers/{id}/answer',
    method: 'POST',
    url: (f) => `/api/vouchers/${f.liveId}/answer`,
    body: () => ({ worked: true }),
    expect: [401, 200, 403, 200, 200],
  },
  // Copies are counted for anyone, an unverified account too (no sign-in involved).
  { call: 'POST /vouchers/{id}/copy', method: 'POST', url: (f) => `/api/vouchers/${f.liveId}/copy`, expect: ALL_200 },
  {
    call: 'POST /vouchers/{id}/reports',
    method: 'POST',
    url: (f) => `/api/vouchers/${f.liveId}/reports`,
    body: () => ({ reason: 'spam' }),
    expect: [401, 201, 403, 201, 201],
  },
  { call: 'DELETE /vouchers/{id}', method: 'DELETE', url: (f) => `/api/vouchers/${f.liveId}`, expect: [401, 403, 200, 200, 200] },
  { call: 'GET /admin/vouchers', method: 'GET', url: () => '/api/admin/vouchers', expect: STAFF },
  { call: 'GET /admin/vouchers/count', method: 'GET', url: () => '/api/admin/vouchers/count', expect: STAFF },
  { call: 'POST /admin/vouchers/{id}/approve', method: 'POST', url: (f) => `/api/admin/vouchers/${f.pendingId}/approve`, expect: ADMIN_ONLY },
  { call: 'POST /admin/vouchers/{id}/reject', method: 'POST', url: (f) => `/api/admin/vouchers/${f.pendingId}/reject`, expect: ADMIN_ONLY },
  {
    call: 'POST /admin/vouchers/{id}/reports/resolve',
    method: 'POST',
    url: (f) => `/api/admin/vouchers/${f.reportedId}/reports/resolve`,
    body: () => ({ action: 'dismiss' }),
    expect: STAFF,
  },
  { call: 'GET /follows', method: 'GET', url: () => '/api/follows', expect: MEMBERS },
  { call: 'GET /follows/ids', method: 'GET', url: () => '/api/follows/ids', expect: MEMBERS },
  { call: 'POST /follows', method: 'POST', url: () => '/api/follows', body: (f) => ({ type: 'store', id: f.storeId }), expect: [401, 201, 201, 201, 201] },
  // Following the owner: the owner themselves is refused (yourself).
  {
    call: 'POST /follows member',
    method: 'POST',
    url: () => '/api/follows',
    body: (f) => ({ type: 'member', id: f.ownerId }),
    expect: [401, 201, 400, 201, 201],
  },
  { call: 'DELETE /follows/{type}/{id}', method: 'DELETE', url: (f) => `/api/follows/store/${f.storeId}`, expect: MEMBERS },
  { call: 'GET /deals?following=1', method: 'GET', url: () => '/api/deals?following=1', expect: MEMBERS },
];

const expected = (row: Row) => [...row.expect, unverifiedAnswer(row.expect[0])];

describe('permission matrix of vouchers and follows', () => {
  let h: Harness;
  let tokens: Partial<Record<Role, string>> = {};
  let ownerId = 0;
  let reporterId = 0;
  let n = 0;

  beforeAll(async () => {
    h = await createHarness();
    const callers = await matrixCallers(h);
    ownerId = callers.owner.id;
    tokens = callers.tokens;
    reporterId = (await h.createUser()).id;
  });
  afterAll(() => h.close());

  async function fixture(): Promise<Fixture> {
    n++;
    const now = new Date().toISOString();
    const store = await h.db.kysely
      .insertInto('stores')
      .values({ name: `Voucher shop ${n}`, name_key: `voucher shop ${n}`, url: 'https://shop.example', logo_url: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const storeId = Number(store.id);
    const [liveId, pendingId, reportedId] = await insertVouchers(h, [
      { store_id: storeId, user_id: ownerId, code: `LIVE${n}` },
      { store_id: storeId, user_id: ownerId, code: `PEND${n}`, status: 'pending' },
      { store_id: storeId, user_id: ownerId, code: `REP${n}` },
    ]);
    await h.db.kysely
      .insertInto('voucher_reports')
      .values({ voucher_id: reportedId, user_id: reporterId, reason: 'spam', created_at: now, resolved_at: null, resolved_by: null, resolution: null })
      .execute();
    return { liveId, pendingId, reportedId, storeId, ownerId };
  }

  it.each(MATRIX)('$call', async (row) => {
    const actual: number[] = [];
    for (const role of ROLES) {
      const f = await fixture();
      const res = await h.request({ method: row.method, url: row.url(f), token: tokens[role], ...(row.body ? { payload: row.body(f) } : {}) });
      actual.push(res.status);
    }
    expectByRole(actual, expected(row));
  });
});
