import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';

/** Every admin route, with a body that would succeed for an admin, so only the role decides the answer. */
const ROUTES: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/moderation-log' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'PUT', url: '/api/admin/users/:member/role', payload: { role: 'moderator' } },
  { method: 'GET', url: '/api/admin/deals' },
  { method: 'GET', url: '/api/admin/deals?status=pending&search=test' },
  {
    method: 'POST',
    url: '/api/admin/deals',
    payload: {
      title: 'Admin deal',
      description: 'd',
      url: 'https://shop.example/a',
      image_url: 'https://img.example/a.jpg',
      price: 1,
      original_price: 2,
      category_id: 1,
      store_id: 1,
    },
  },
  { method: 'GET', url: '/api/admin/deals/:deal' },
  {
    method: 'PUT',
    url: '/api/admin/deals/:deal',
    payload: { title: 'Changed', price: 1, url: 'https://shop.example/a', status: 'active', storeId: 1, categoryId: 1, imageUrl: 'https://img.example/a.jpg' },
  },
  { method: 'GET', url: '/api/admin/deals/trusted' },
  { method: 'POST', url: '/api/admin/deals/:deal/reject', payload: { reason: 'Not a deal' } },
  { method: 'POST', url: '/api/admin/deals/:deal/activate', payload: { processTasks: {} } },
  { method: 'POST', url: '/api/admin/deals/:deal/pull-back', payload: { reason: 'Checking the price' } },
  { method: 'DELETE', url: '/api/admin/deals/:deal' },
  { method: 'GET', url: '/api/admin/categories' },
  { method: 'POST', url: '/api/admin/categories', payload: { name: 'Pets', slug: 'pets' } },
  { method: 'PUT', url: '/api/admin/categories/25', payload: { name: 'Other things', slug: 'other' } },
  { method: 'DELETE', url: '/api/admin/categories/24' },
  { method: 'GET', url: '/api/admin/stores' },
  { method: 'POST', url: '/api/admin/stores', payload: { name: 'New Shop', url: 'https://newshop.example' } },
  { method: 'PUT', url: '/api/admin/stores/1', payload: { name: 'Argos', url: 'https://www.argos.co.uk' } },
  { method: 'POST', url: '/api/admin/stores/3/confirm' },
  { method: 'POST', url: '/api/admin/stores/3/merge', payload: { intoId: 4 } },
  { method: 'DELETE', url: '/api/admin/stores/2' },
  { method: 'POST', url: '/api/stores/1/upload-logo' },
];

describe('admin API permissions', () => {
  let h: Harness;
  let tokens: Record<'member' | 'moderator' | 'unverified', string>;
  let memberId: number;
  let dealId: number;
  const resolve = (url: string) => url.replace(':member', String(memberId)).replace(':deal', String(dealId));

  beforeAll(async () => {
    h = await createHarness();
    const member = await h.createUser();
    const moderator = await h.createUser({ role: 'moderator' });
    memberId = member.id;
    // An account whose email is not verified yet: refused like any non-admin.
    const unverified = await h.createUser({ verified: false });
    tokens = { member: member.token, moderator: moderator.token, unverified: unverified.token };
    dealId = await insertDeal(h, { user_id: member.id, status: 'pending' });
  });
  afterAll(() => h.close());

  const cases = ROUTES.flatMap((r) => [
    { ...r, who: 'visitor' as const, status: 401 },
    { ...r, who: 'member' as const, status: 403 },
    { ...r, who: 'moderator' as const, status: 403 },
    { ...r, who: 'unverified' as const, status: 403 },
  ]);

  it.each(cases)('$method $url refuses a $who with $status', async ({ method, url, payload, who, status }) => {
    const token = who === 'visitor' ? undefined : tokens[who];
    const res = await h.request({ method, url: resolve(url), payload, token });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error).toBe('string');
  });

  it('refuses an invalid token with 401', async () => {
    const res = await h.request({ method: 'GET', url: '/api/admin/dashboard', token: 'not-a-token' });
    expect(res.status).toBe(401);
  });

  it('left everything as it was after the refused calls', async () => {
    const deal = await h.db.kysely.selectFrom('deals').selectAll().where('id', '=', dealId).executeTakeFirstOrThrow();
    expect(deal.status).toBe('pending');
    expect(deal.title).not.toBe('Changed');
    const member = await h.db.kysely.selectFrom('users').select('role').where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(member.role).toBe('user');
    const log = await h.db.kysely.selectFrom('moderation_log').select('id').execute();
    expect(log).toHaveLength(0);
    const cats = await h.db.kysely.selectFrom('categories').select('id').where('slug', '=', 'pets').execute();
    expect(cats).toHaveLength(0);
  });

  it('lets the admin through on every route (no 401/403)', async () => {
    const admin = await h.adminToken();
    // Destructive calls last, in table order, so each finds what it needs.
    for (const r of ROUTES) {
      const res = await h.request({ method: r.method, url: resolve(r.url), payload: r.payload, token: admin });
      expect([401, 403], `${r.method} ${r.url} -> ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect(res.status, `${r.method} ${r.url}`).not.toBe(404);
    }
  });
});
