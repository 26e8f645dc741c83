import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal, multipart, pngBytes, uploadDealImage, validDealPayload } from '../../test/data/deal-helpers.js';
import { expectByRole, matrixCallers, ROLES, type Role, unverifiedAnswer } from '../../test/permission-matrix.js';

/** What one cell of the matrix gets: fresh records owned by "owner", so mutating calls never see another cell's leftovers. */
interface Fixture {
  dealId: number;
  pendingId: number;
  commentId: number;
  categoryId: number;
  storeId: number;
  image: { imageUrl: string; thumbnailUrl: string };
  /** A push device of the owner's. */
  deviceId: number;
}

interface Row {
  call: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  file?: 'image' | 'logo';
  /** Expected status for visitor, member, owner, moderator, admin (an unverified account: see `unverified`). */
  expect: [number, number, number, number, number];
  /** What an unverified account gets where it is not the rule below (the routes open to it: `access: 'account'`). */
  unverified?: number;
}

/** An unverified account's answer follows the visitor's (unverifiedAnswer) unless the row says otherwise. */
const expected = (row: Row) => [...row.expect, row.unverified ?? unverifiedAnswer(row.expect[0])];

const ALL_200: Row['expect'] = [200, 200, 200, 200, 200];
const MEMBERS: Row['expect'] = [401, 200, 200, 200, 200];
const MEMBERS_CREATE: Row['expect'] = [401, 201, 201, 201, 201];
const OWNER_OR_TEAM: Row['expect'] = [401, 403, 200, 200, 200];
const ADMIN_ONLY: Row['expect'] = [401, 403, 403, 403, 200];
/** The owner's alone, the team included: anyone else's id is not found. */
const OWNER_ONLY_404: Row['expect'] = [401, 404, 200, 404, 404];
/** A browser's PushSubscription as it sends it (a public https endpoint: accepted without being contacted). */
const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

/** Every route of the deals API (docs/notes/deals-api.md) against every kind of caller. */
const MATRIX: Row[] = [
  { call: 'GET /deals', method: 'GET', url: () => '/api/deals', expect: ALL_200 },
  { call: 'GET /deals/{id} active', method: 'GET', url: (f) => `/api/deals/${f.dealId}`, expect: ALL_200 },
  { call: 'GET /deals/{id} pending', method: 'GET', url: (f) => `/api/deals/${f.pendingId}`, expect: [403, 403, 200, 200, 200] },
  { call: 'GET /deals/trending', method: 'GET', url: () => '/api/deals/trending', expect: ALL_200 },
  { call: 'GET /deals/newest', method: 'GET', url: () => '/api/deals/newest', expect: ALL_200 },
  { call: 'GET /deals/getting-warm', method: 'GET', url: () => '/api/deals/getting-warm', expect: ALL_200 },
  { call: 'GET /deals/most-commented', method: 'GET', url: () => '/api/deals/most-commented', expect: ALL_200 },
  { call: 'GET /deals/related', method: 'GET', url: (f) => `/api/deals/related?category=1&excludeDealId=${f.dealId}`, expect: ALL_200 },
  { call: 'GET /deals/saved', method: 'GET', url: () => '/api/deals/saved', expect: MEMBERS },
  { call: 'GET /users/me/saved-deals', method: 'GET', url: () => '/api/users/me/saved-deals', expect: MEMBERS },
  { call: 'GET /user/deals', method: 'GET', url: () => '/api/user/deals', expect: MEMBERS },
  { call: 'POST /deals/upload-image', method: 'POST', url: () => '/api/deals/upload-image', file: 'image', expect: MEMBERS },
  { call: 'POST /deals', method: 'POST', url: () => '/api/deals', body: (f) => validDealPayload(f.image), expect: MEMBERS_CREATE },
  { call: 'PUT /deals/{id}', method: 'PUT', url: (f) => `/api/deals/${f.dealId}`, body: (f) => validDealPayload(f.image), expect: OWNER_OR_TEAM },
  { call: 'DELETE /deals/{id}', method: 'DELETE', url: (f) => `/api/deals/${f.dealId}`, expect: OWNER_OR_TEAM },
  { call: 'POST /deals/{id}/save', method: 'POST', url: (f) => `/api/deals/${f.dealId}/save`, expect: MEMBERS },
  { call: 'DELETE /deals/{id}/save', method: 'DELETE', url: (f) => `/api/deals/${f.dealId}/save`, expect: MEMBERS },
  { call: 'POST /votes', method: 'POST', url: () => '/api/votes', body: (f) => ({ dealId: f.dealId, voteType: 1 }), expect: [401, 200, 403, 200, 200] },
  { call: 'GET /comments/{dealId}', method: 'GET', url: (f) => `/api/comments/${f.dealId}`, expect: ALL_200 },
  { call: 'POST /comments', method: 'POST', url: () => '/api/comments', body: (f) => ({ dealId: f.dealId, text: 'Nice one' }), expect: MEMBERS_CREATE },
  { call: 'DELETE /comments/{id}', method: 'DELETE', url: (f) => `/api/comments/${f.commentId}`, expect: OWNER_OR_TEAM },
  {
    call: 'PUT /comments/{id}',
    method: 'PUT',
    url: (f) => `/api/comments/${f.commentId}`,
    body: () => ({ text: 'Edited words' }),
    expect: [401, 403, 200, 403, 403],
  },
  // Posting (docs/notes/posting.md): a link no one can reach gets the note, whoever asks; naming a shop; the member's status.
  {
    call: 'POST /deals/prefill',
    method: 'POST',
    url: () => '/api/deals/prefill',
    body: () => ({ url: 'https://127.0.0.1:9/x' }),
    expect: [401, 422, 422, 422, 422],
  },
  { call: 'GET /deals/posting-status', method: 'GET', url: () => '/api/deals/posting-status', expect: MEMBERS },
  {
    call: 'POST /stores/propose',
    method: 'POST',
    url: () => '/api/stores/propose',
    body: () => {
      const key = Math.random().toString(36).slice(2, 8);
      return { name: `Shop ${key}`, url: `https://${key}.example/item` };
    },
    expect: MEMBERS,
  },
  { call: 'GET /comments/user/me', method: 'GET', url: () => '/api/comments/user/me', expect: MEMBERS },
  { call: 'GET /categories', method: 'GET', url: () => '/api/categories', expect: ALL_200 },
  {
    call: 'POST /categories',
    method: 'POST',
    url: () => '/api/categories',
    body: () => ({ name: 'Pets', slug: `pets-${Math.random().toString(36).slice(2, 8)}` }),
    expect: [401, 403, 403, 403, 201],
  },
  {
    call: 'PUT /categories/{id}',
    method: 'PUT',
    url: (f) => `/api/categories/${f.categoryId}`,
    body: (f) => ({ name: 'Renamed', slug: `renamed-${f.categoryId}` }),
    expect: ADMIN_ONLY,
  },
  { call: 'DELETE /categories/{id}', method: 'DELETE', url: (f) => `/api/categories/${f.categoryId}`, expect: ADMIN_ONLY },
  { call: 'GET /stores', method: 'GET', url: () => '/api/stores', expect: ALL_200 },
  { call: 'GET /search/suggest', method: 'GET', url: () => '/api/search/suggest?q=sa', expect: ALL_200 },
  {
    call: 'POST /stores',
    method: 'POST',
    url: () => '/api/stores',
    body: () => ({ name: `Shop ${Math.random().toString(36).slice(2, 8)}`, url: null }),
    expect: [401, 403, 403, 403, 201],
  },
  {
    call: 'PUT /stores/{id}',
    method: 'PUT',
    url: (f) => `/api/stores/${f.storeId}`,
    body: (f) => ({ name: `Renamed ${f.storeId}`, url: 'https://shop.example' }),
    expect: ADMIN_ONLY,
  },
  { call: 'DELETE /stores/{id}', method: 'DELETE', url: (f) => `/api/stores/${f.storeId}`, expect: ADMIN_ONLY },
  { call: 'POST /stores/{id}/upload-logo', method: 'POST', url: (f) => `/api/stores/${f.storeId}/upload-logo`, file: 'logo', expect: ADMIN_ONLY },
  // A member's own notifications (docs/notes/notifications.md); the stream's ticket check is in notifications-api.test.ts.
  { call: 'GET /notifications', method: 'GET', url: () => '/api/notifications', expect: MEMBERS },
  { call: 'GET /notifications/unread-count', method: 'GET', url: () => '/api/notifications/unread-count', expect: MEMBERS },
  { call: 'POST /notifications/read', method: 'POST', url: () => '/api/notifications/read', body: () => ({ ids: [1] }), expect: MEMBERS },
  { call: 'POST /notifications/read-all', method: 'POST', url: () => '/api/notifications/read-all', expect: MEMBERS },
  { call: 'GET /notifications/preferences', method: 'GET', url: () => '/api/notifications/preferences', expect: MEMBERS },
  {
    call: 'PUT /notifications/preferences',
    method: 'PUT',
    url: () => '/api/notifications/preferences',
    body: () => ({ preferences: { 'deal.hot': { email: true } } }),
    expect: MEMBERS,
  },
  { call: 'POST /notifications/stream-ticket', method: 'POST', url: () => '/api/notifications/stream-ticket', expect: MEMBERS },
  // Web push: the VAPID key, a member's devices (docs/notes/notifications.md "Push").
  { call: 'GET /notifications/push/public-key', method: 'GET', url: () => '/api/notifications/push/public-key', expect: MEMBERS },
  { call: 'GET /notifications/push/devices', method: 'GET', url: () => '/api/notifications/push/devices', expect: MEMBERS },
  {
    call: 'POST /notifications/push/devices',
    method: 'POST',
    url: () => '/api/notifications/push/devices',
    body: (f) => ({ endpoint: `https://8.8.8.8/push/matrix-${f.deviceId}`, keys: PUSH_KEYS }),
    expect: MEMBERS,
  },
  // A member's rights over their account (docs/notes/data-rights.md): wrong passwords and unknown ids, so nothing changes.
  {
    call: 'POST /account/email',
    method: 'POST',
    url: () => '/api/account/email',
    body: () => ({ password: 'Wrong-Passw0rd', newEmail: 'matrix-new@example.com' }),
    expect: [401, 400, 400, 400, 400],
  },
  {
    call: 'POST /account/email/confirm',
    method: 'POST',
    url: () => '/api/account/email/confirm',
    body: () => ({ token: 'not-a-token' }),
    expect: [400, 400, 400, 400, 400],
  },
  { call: 'GET /account/exports', method: 'GET', url: () => '/api/account/exports', expect: MEMBERS },
  { call: 'GET /account/exports/{id}/download', method: 'GET', url: () => '/api/account/exports/999999/download', expect: [401, 404, 404, 404, 404] },
  {
    call: 'POST /account/delete',
    method: 'POST',
    url: () => '/api/account/delete',
    body: () => ({ password: 'Wrong-Passw0rd', confirmUsername: 'nobody' }),
    expect: [401, 400, 400, 400, 400],
    // Leaving needs no verified address.
    unverified: 400,
  },
  { call: 'POST /admin/users/{id}/export', method: 'POST', url: () => '/api/admin/users/999999/export', expect: [401, 403, 403, 403, 404] },
  {
    call: 'DELETE /admin/users/{id}',
    method: 'DELETE',
    url: () => '/api/admin/users/999999',
    body: () => ({ reason: 'matrix' }),
    expect: [401, 403, 403, 403, 404],
  },
  { call: 'DELETE /notifications/push/devices/{id}', method: 'DELETE', url: (f) => `/api/notifications/push/devices/${f.deviceId}`, expect: OWNER_ONLY_404 },
];

describe('permission matrix of the deals API', () => {
  let h: Harness;
  let tokens: Partial<Record<Role, string>> = {};
  let ownerId = 0;
  let n = 0;

  beforeAll(async () => {
    h = await createHarness();
    const callers = await matrixCallers(h);
    ownerId = callers.owner.id;
    tokens = callers.tokens;
  });
  afterAll(() => h.close());

  /** The image is the caller's own upload (an upload belongs to its uploader); visitors get the owner's. */
  async function fixture(role: Role): Promise<Fixture> {
    n++;
    const now = new Date().toISOString();
    const dealId = await insertDeal(h, { user_id: ownerId, title: `Matrix deal ${n}` });
    const pendingId = await insertDeal(h, { user_id: ownerId, status: 'pending' });
    const comment = await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: dealId, user_id: ownerId, text: 'Owner comment', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.kysely.updateTable('deals').set({ comment_count: 1 }).where('id', '=', dealId).execute();
    const category = await h.db.kysely
      .insertInto('categories')
      .values({ name: `Cat ${n}`, slug: `matrix-cat-${n}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = await h.db.kysely
      .insertInto('stores')
      .values({ name: `Store ${n}`, name_key: `store ${n}`, url: null, logo_url: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const image = await uploadDealImage(h, (role === 'visitor' || role === 'unverified' ? tokens.owner : tokens[role]) as string);
    // One device at a time, so the owner never reaches the cap of devices.
    await h.db.kysely.deleteFrom('push_devices').where('user_id', '=', ownerId).execute();
    const device = await h.db.kysely
      .insertInto('push_devices')
      .values({ user_id: ownerId, endpoint: `https://8.8.8.8/push/owner-${n}`, ...PUSH_KEYS, name: 'Chrome on Android', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { dealId, pendingId, commentId: Number(comment.id), categoryId: Number(category.id), storeId: Number(store.id), image, deviceId: Number(device.id) };
  }

  it.each(MATRIX)('$call', async (row) => {
    const actual: number[] = [];
    for (const role of ROLES) {
      const f = await fixture(role);
      const file = row.file ? multipart(row.file, 'pic.png', 'image/png', await pngBytes()) : undefined;
      const res = await h.request({
        method: row.method,
        url: row.url(f),
        token: tokens[role],
        ...(file ?? (row.body ? { payload: row.body(f) as Record<string, unknown> } : {})),
      });
      actual.push(res.status);
    }
    expectByRole(actual, expected(row));
  });
});
