/**
 * The signed-in user cache (session-cache.ts): tokens verified once, user rows reused on reads until the next write,
 * and every change to an account (password change, role change, verification) counted from the very next request,
 * on this process and, through Redis, on another one.
 */
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema.js';

import { servicesOrSkip } from '../../scale/services.js';
import { changePassword, register, verificationToken } from '../../test/data/accounts.js';
import { TEST_PASSWORD, useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { useTwoProcesses } from '../../test/engines/two-processes.js';
import { createSessionCache } from './session-cache.js';

const fakeRequest = (method = 'GET') => ({ method }) as FastifyRequest;
const row = (over: Partial<UserRow> = {}) =>
  ({ id: 5, username: 'bea', role: 'user', token_version: 0, email_verified_at: '2026-01-01T00:00:00.000Z', ...over }) as UserRow;
/** A JWT-shaped token whose payload has this expiry (seconds); the signature is the fake verifier's business. */
const tokenExpiring = (expSeconds: number, tag = 'a') => `h.${Buffer.from(JSON.stringify({ sub: '5', exp: expSeconds })).toString('base64url')}.${tag}`;

function fakeGeneration() {
  const g = { generation: 0, shared: '' as string | undefined };
  return {
    g,
    source: {
      get generation() {
        return g.generation;
      },
      sharedGeneration: async () => g.shared,
    },
  };
}

describe('session cache', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token once until it expires, and never remembers a bad one', async () => {
    const { source } = fakeGeneration();
    const cache = createSessionCache({ generation: source });
    const verify = vi.fn(async (t: string) => (t.endsWith('.bad') ? null : { userId: 5, version: 0 }));
    vi.useFakeTimers({ now: new Date('2026-06-01T00:00:00Z') });
    const token = tokenExpiring(Date.now() / 1000 + 60);
    expect(await cache.claims(token, verify)).toEqual({ userId: 5, version: 0 });
    expect(await cache.claims(token, verify)).toEqual({ userId: 5, version: 0 });
    expect(verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 61_000);
    await cache.claims(token, verify);
    expect(verify).toHaveBeenCalledTimes(2);
    const bad = tokenExpiring(Date.now() / 1000 + 60, 'bad');
    expect(await cache.claims(bad, verify)).toBeNull();
    expect(await cache.claims(bad, verify)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('reuses a row on reads until the generation (local or shared) moves or the TTL passes; writes always read it', async () => {
    const { g, source } = fakeGeneration();
    const cache = createSessionCache({ generation: source, userTtlMs: 1_000 });
    let current = row();
    const load = vi.fn(async () => current);
    expect((await cache.user(fakeRequest(), 5, load))?.role).toBe('user');
    current = row({ role: 'moderator' });
    expect((await cache.user(fakeRequest(), 5, load))?.role).toBe('user');
    expect(load).toHaveBeenCalledTimes(1);
    expect((await cache.user(fakeRequest('POST'), 5, load))?.role).toBe('moderator');
    g.generation++;
    expect((await cache.user(fakeRequest(), 5, load))?.role).toBe('moderator');
    current = row({ role: 'admin' });
    g.shared = 'other';
    expect((await cache.user(fakeRequest(), 5, load))?.role).toBe('admin');
    current = row({ role: 'user' });
    vi.useFakeTimers({ now: Date.now() + 1_001 });
    expect((await cache.user(fakeRequest(), 5, load))?.role).toBe('user');
  });

  it('does not cache without the shared generation, unverified accounts, or a row read while a write went through', async () => {
    const { g, source } = fakeGeneration();
    const cache = createSessionCache({ generation: source });
    const load = vi.fn(async () => row());
    g.shared = undefined;
    await cache.user(fakeRequest(), 5, load);
    await cache.user(fakeRequest(), 5, load);
    expect(load).toHaveBeenCalledTimes(2);
    g.shared = '';
    const unverified = vi.fn(async () => row({ email_verified_at: null }));
    await cache.user(fakeRequest(), 6, unverified);
    await cache.user(fakeRequest(), 6, unverified);
    expect(unverified).toHaveBeenCalledTimes(2);
    const racing = vi.fn(async () => {
      g.generation++;
      return row({ id: 7 });
    });
    await cache.user(fakeRequest(), 7, racing);
    await cache.user(fakeRequest(), 7, racing);
    expect(racing).toHaveBeenCalledTimes(2);
  });

  it('hands out copies, and stays within its bound', async () => {
    const { source } = fakeGeneration();
    const cache = createSessionCache({ generation: source, maxUsers: 2 });
    const first = await cache.user(fakeRequest(), 5, async () => row());
    first!.role = 'admin';
    expect((await cache.user(fakeRequest(), 5, async () => row({ role: 'other' })))?.role).toBe('user');
    for (const id of [6, 7]) await cache.user(fakeRequest(), id, async () => row({ id }));
    const load = vi.fn(async () => row());
    await cache.user(fakeRequest(), 5, load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('signed-in users through the API', () => {
  const { h, members, admin } = useHarness({ members: 2 });
  const me = (token: string) => h.request({ method: 'GET', url: '/api/auth/me', token });

  it('refuses a token on the request after a password change made it stale', async () => {
    const [m] = members;
    expect((await me(m.token)).status).toBe(200);
    expect((await me(m.token)).status).toBe(200);
    const change = await changePassword(h, m, 'An0ther-Passw0rd');
    expect(change.status).toBe(200);
    expect((await me(m.token)).status).toBe(401);
    expect((await me(change.body.data.token)).status).toBe(200);
  });

  it('applies a role change on the next request, both ways', async () => {
    const [, m] = members;
    const queue = () => h.request({ method: 'GET', url: '/api/admin/reports/count', token: m.token });
    expect((await queue()).status).toBe(403);
    expect((await queue()).status).toBe(403);
    const role = (r: string) => h.request({ method: 'PUT', url: `/api/admin/users/${m.id}/role`, token: admin.token, payload: { role: r } });
    expect((await role('moderator')).status).toBe(200);
    expect((await queue()).status).toBe(200);
    expect((await role('user')).status).toBe(200);
    expect((await queue()).status).toBe(403);
  });

  it('signs an account in everywhere on the request after its verification link (a GET)', async () => {
    const res = await register(h, 'latecomer');
    expect(res.status).toBe(201);
    const token = res.body.data.token as string;
    const saved = () => h.request({ method: 'GET', url: '/api/users/me/saved-deals', token });
    expect((await saved()).status).toBe(403);
    expect((await saved()).status).toBe(403);
    const link = verificationToken(h.mails.at(-1)!.text);
    expect((await h.request({ method: 'GET', url: `/api/auth/verify-email?token=${link}` })).status).toBe(200);
    expect((await saved()).status).toBe(200);
  });
});

const redisCheck = await servicesOrSkip('session cache across processes (src/server/plugins/read-cache/session-cache.test.ts)', ['redis']);

describe.skipIf(!redisCheck.run)('signed-in users across processes (Redis)', () => {
  const { h, other: b } = useTwoProcesses();
  let admin: string;
  beforeAll(async () => {
    admin = await h.adminToken();
  });
  const onB = (url: string, token: string) => b().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('a password change or role change on one process counts on the other’s next request', async () => {
    const m = await h.createUser();
    expect((await onB('/api/auth/me', m.token)).statusCode).toBe(200);
    expect((await onB('/api/admin/reports/count', m.token)).statusCode).toBe(403);
    expect((await onB('/api/admin/reports/count', m.token)).statusCode).toBe(403);
    const role = await h.request({ method: 'PUT', url: `/api/admin/users/${m.id}/role`, token: admin, payload: { role: 'moderator' } });
    expect(role.status).toBe(200);
    expect((await onB('/api/admin/reports/count', m.token)).statusCode).toBe(200);
    const change = await changePassword(h, m, 'An0ther-Passw0rd');
    expect(change.status).toBe(200);
    expect((await onB('/api/auth/me', m.token)).statusCode).toBe(401);
  });

  it('a session ended on one process answers 401 on the other’s next request, though its row was cached there', async () => {
    const m = await h.createUser();
    const signIn = () => h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: m.username, password: TEST_PASSWORD } });
    const kept = (await signIn()).body.data.token;
    const ended = (await signIn()).body.data.token;
    expect((await onB('/api/auth/me', ended)).statusCode).toBe(200);
    expect((await onB('/api/auth/me', ended)).statusCode).toBe(200);
    const list = await h.request({ method: 'GET', url: '/api/account/sessions', token: kept });
    const other = list.body.data.sessions.find((s: { current: boolean }) => !s.current);
    expect((await h.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, token: kept })).status).toBe(200);
    expect((await onB('/api/auth/me', ended)).statusCode).toBe(401);
    expect((await onB('/api/auth/me', kept)).statusCode).toBe(200);
  });

  it('a member’s vote on one process shows on their next deal list read on the other (cached page and state)', async () => {
    const m = await h.createUser();
    const dealId = await insertDeal(h, { status: 'active' });
    h.app.anonymousCache!.clear();
    const mine = async () => (await onB('/api/deals?sort=newest', m.token)).json().data.deals.find((d: { id: number }) => d.id === dealId);
    expect(await mine()).toMatchObject({ isSaved: false });
    expect(await mine()).not.toHaveProperty('userVote');
    expect(b().anonymousCache!.stats.memberHits).toBeGreaterThan(0);
    expect((await h.request({ method: 'POST', url: '/api/votes', token: m.token, payload: { dealId, voteType: 1 } })).status).toBe(200);
    expect(await mine()).toMatchObject({ userVote: 1, isSaved: false });
    expect((await h.request({ method: 'POST', url: `/api/deals/${dealId}/save`, token: m.token })).status).toBe(200);
    expect(await mine()).toMatchObject({ userVote: 1, isSaved: true });
  });
});
