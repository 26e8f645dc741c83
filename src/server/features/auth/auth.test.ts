import { describe, expect, it } from 'vitest';
import { register, verificationToken } from '../../test/data/accounts.js';
import { TEST_ADMIN_PASSWORD, useHarness } from '../../test/harness.js';

describe('auth API', () => {
  const { h } = useHarness();

  it('answers health once migrated', async () => {
    const res = await h.request({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('registers, refuses login until verified, verifies once, then logs in', async () => {
    const reg = await register(h, 'new_member', { email: 'New@Example.com' });
    expect(reg.status).toBe(201);
    expect(reg.body.data.user).toMatchObject({ username: 'new_member', email: 'new@example.com', role: 'user', emailVerified: false });
    expect(reg.body.data.user.passwordHash).toBeUndefined();
    expect(typeof reg.body.data.token).toBe('string');

    const refused = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'new_member', password: 'Sup3rSecret' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/verify your email/);

    const mail = h.mails.at(-1)!;
    expect(mail.to).toBe('new@example.com');
    expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
    const token = verificationToken(mail.text)!;

    const verified = await h.request({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    const again = await h.request({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(again.status).toBe(400);
    expect(again.body.success).toBe(false);

    const login = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'NEW@example.com', password: 'Sup3rSecret' } });
    expect(login.status).toBe(200);
    const me = await h.request({ method: 'GET', url: '/api/auth/me', token: login.body.data.token });
    expect(me.body.data.user.username).toBe('new_member');
  });

  it('names the field and uses the spec message on invalid registration', async () => {
    const res = await register(h, 'ab', { email: 'x@y.com' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'username', error: 'Username must be at least 3 characters' });
    const terms = await register(h, 'abc', { email: 'x@y.com', termsAccepted: false });
    expect(terms.body.error).toBe('You must accept the Terms of Service and Privacy Policy');
    const weak = await register(h, 'abc', { email: 'x@y.com', password: 'alllowercase1' });
    expect(weak.body.field).toBe('password');
  });

  it('gives 409 for a taken username or email', async () => {
    const res = await register(h, 'ADMIN', { email: 'someone@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('username');
  });

  it('lets the seeded admins log in and rejects a wrong password with 401', async () => {
    const ok = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'admin2', password: TEST_ADMIN_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ id: 2, role: 'admin' });
    const bad = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'admin', password: 'Wrong-passw0rd' } });
    expect(bad.status).toBe(401);
  });

  it('answers 401 to /auth/me without or with a garbage token', async () => {
    expect((await h.request({ method: 'GET', url: '/api/auth/me' })).status).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: 'garbage' })).status).toBe(401);
  });
});
