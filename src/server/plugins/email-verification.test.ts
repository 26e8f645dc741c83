import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/data/accounts.js';
import { type Harness, useHarness } from '../test/harness.js';
import { insertDeal } from '../test/data/insert-deal.js';
import { apiRoutes, createHarnessWithRoutes, fillParams, type RouteEntry } from '../test/routes.js';
import { multipart, pngBytes } from '../test/data/uploads.js';

const VERIFY_FIRST = 'Please verify your email address before continuing.';

/**
 * The token POST /auth/register answers with is good for GET /auth/me and
 * POST /auth/resend-verification and nothing else until the email address is verified (ARCHITECTURE §7).
 */
describe('an account whose email is not verified yet', () => {
  const { h } = useHarness();
  let token: string;
  let userId: number;
  let dealId: number;
  let commentId: number;

  beforeAll(async () => {
    const res = await register(h, 'newcomer');
    expect(res.status).toBe(201);
    token = res.body.data.token;
    userId = res.body.data.user.id;
    const owner = await h.createUser();
    dealId = await insertDeal(h, { user_id: owner.id, status: 'active' });
    // A comment of the unverified account itself (as if written before the rule existed), to try deleting it.
    const c = await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: dealId, user_id: userId, text: 'Mine', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    commentId = Number(c.id);
  });

  it('may read its own account and ask for the mail again', async () => {
    const me = await h.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ id: userId, emailVerified: false });
    const resend = await h.request({ method: 'POST', url: '/api/auth/resend-verification', token });
    expect(resend.status).toBe(200);
  });

  const writes: Array<[string, 'POST' | 'PUT' | 'DELETE', () => string, () => Promise<Record<string, unknown>>]> = [
    [
      'post a deal',
      'POST',
      () => '/api/deals',
      async () => ({
        payload: {
          title: 'Air fryer',
          description: 'Cheap',
          url: 'https://shop.example/a',
          image_url: '/uploads/deals/x.webp',
          price: 1,
          original_price: 2,
          category_id: 1,
          store_id: 1,
        },
      }),
    ],
    ['upload a deal image', 'POST', () => '/api/deals/upload-image', async () => multipart('image', 'a.png', 'image/png', await pngBytes())],
    ['vote', 'POST', () => '/api/votes', async () => ({ payload: { dealId, voteType: 1 } })],
    ['comment', 'POST', () => '/api/comments', async () => ({ payload: { dealId, text: 'Nice one' } })],
    ['delete its comment', 'DELETE', () => `/api/comments/${commentId}`, async () => ({})],
    ['save', 'POST', () => `/api/deals/${dealId}/save`, async () => ({})],
    ['unsave', 'DELETE', () => `/api/deals/${dealId}/save`, async () => ({})],
    ['edit its profile', 'PUT', () => `/api/users/${userId}/profile`, async () => ({ payload: { bio: 'Hello' } })],
    ['upload an avatar', 'POST', () => `/api/users/${userId}/avatar`, async () => multipart('avatar', 'a.png', 'image/png', await pngBytes())],
  ];

  it.each(writes)('may not %s (403, asked to verify)', async (_what, method, url, body) => {
    const res = await h.request({ method, url: url(), token, ...(await body()) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: VERIFY_FIRST });
  });

  it('is asked to verify, not to sign in, on pages that need an account', async () => {
    for (const url of ['/api/deals/saved', '/api/users/me/saved-deals', '/api/user/deals', '/api/comments/user/me', `/api/users/${userId}/profile`]) {
      const res = await h.request({ method: 'GET', url, token });
      expect({ url, status: res.status, error: res.body.error }).toEqual({ url, status: 403, error: VERIFY_FIRST });
    }
  });

  it('browses like a visitor', async () => {
    const res = await h.request({ method: 'GET', url: '/api/deals', token });
    expect(res.status).toBe(200);
    expect(res.body.data.deals.length).toBeGreaterThan(0);
  });

  it('left nothing behind', async () => {
    const k = h.db.kysely;
    expect(await k.selectFrom('votes').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
    expect(await k.selectFrom('saved_deals').select('deal_id').where('user_id', '=', userId).execute()).toHaveLength(0);
    expect(await k.selectFrom('comments').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
    expect(await k.selectFrom('deals').select('id').where('user_id', '=', userId).execute()).toHaveLength(0);
    const user = await k.selectFrom('users').select(['bio', 'avatar']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ bio: null, avatar: null });
  });

  it('gets the full account once the email is verified', async () => {
    await h.db.kysely.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', userId).execute();
    const res = await h.request({ method: 'POST', url: `/api/deals/${dealId}/save`, token });
    expect(res.status).toBe(200);
  });
});

/** Every writing route the app has (found by walking it, so a new one is covered without being listed). */
describe('every writing route and an unverified account', () => {
  let h: Harness;
  let routes: RouteEntry[];
  let token: string;

  beforeAll(async () => {
    const built = await createHarnessWithRoutes();
    h = built.h;
    routes = apiRoutes(built.routes).filter((r) => r.method !== 'GET');
    token = (await h.createUser({ verified: false })).token;
  });
  afterAll(() => h.close());

  const key = (r: RouteEntry) => `${r.method} ${r.url}`;

  it('walks a real list of routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(key)).toEqual(
      expect.arrayContaining(['POST /api/auth/register', 'POST /api/auth/login', 'POST /api/deals', 'PUT /api/users/:id/profile']),
    );
  });

  it('lets the registration token write nowhere but resend-verification and the account’s own deletion', () => {
    // Deleting an account that was never verified is allowed (docs/notes/data-rights.md): the password proves it.
    expect(
      routes
        .filter((r) => r.access === 'account')
        .map(key)
        .sort(),
    ).toEqual(['POST /api/account/delete', 'POST /api/auth/resend-verification']);
  });

  /** 'public' routes never read a bearer token (sign-up, sign-in, a mailed link's own token), so no account is at stake. */
  it('is refused with 403 "verify first" on every other writing route, whatever it sends', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access !== 'public' && r.access !== 'account')) {
      for (const payload of [{}, { title: 'x', dealId: 1, text: 'y' }]) {
        const res = await h.request({ method: route.method, url: fillParams(route.url, 1), token, payload });
        if (res.status !== 403 || res.body.error !== VERIFY_FIRST) wrong.push(`${route.method} ${route.url} -> ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still reaches sign-up and sign-in as if it sent no token', async () => {
    const login = await h.request({ method: 'POST', url: '/api/auth/login', token, payload: { credential: 'nobody', password: 'Wrong-passw0rd' } });
    expect(login.status).toBe(401);
    expect((await register(h, 'second', {}, token)).status).toBe(201);
  });
});
