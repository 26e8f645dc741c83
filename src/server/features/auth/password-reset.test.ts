import { describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_MESSAGE } from '../../../shared/schemas/members/users.js';
import { PASSWORD_RESET_SENT, RESET_LINK_INVALID } from '../../../shared/schemas/members/auth.js';
import { type Harness, TEST_PASSWORD, useHarness } from '../../test/harness.js';
import { createHarnessWithRoutes } from '../../test/routes.js';
import type { Mailer } from '../../services/mail.js';
import { sha256 } from './one-time-token.js';
import { passwordResetsSettled, RESET_TOKEN_TTL_MS } from './password-reset.js';

const NEW_PASSWORD = 'Brand-New-Passw0rd';
const resetToken = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** Asks for a reset and waits for the mail work started after the answer. */
async function forgot(h: Harness, email: string, opts: { remoteAddress?: string } = {}) {
  const res = await h.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, ...opts });
  await passwordResetsSettled();
  return res;
}

const mailsTo = (h: Harness, email: string) => h.mails.filter((m) => m.to === email.toLowerCase());

async function linkFor(h: Harness, email: string): Promise<string> {
  const before = mailsTo(h, email).length;
  const res = await forgot(h, email);
  expect(res.status).toBe(200);
  const mails = mailsTo(h, email);
  expect(mails).toHaveLength(before + 1);
  return resetToken(mails.at(-1)!.text)!;
}

const reset = (h: Harness, token: unknown, password: unknown = NEW_PASSWORD, extra: { token?: string } = {}) =>
  h.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password }, ...(extra.token ? { token: extra.token } : {}) });

const login = (h: Harness, credential: string, password: string) => h.request({ method: 'POST', url: '/api/auth/login', payload: { credential, password } });

describe('password reset', () => {
  const { h } = useHarness();

  it('answers the same for an address with and without an account, and mails only the account', async () => {
    const member = await h.createUser();
    const known = await forgot(h, member.email.toUpperCase());
    const unknown = await forgot(h, 'nobody-here@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: { message: PASSWORD_RESET_SENT } });
    expect(unknown.body).toEqual(known.body);
    expect(mailsTo(h, 'nobody-here@example.test')).toHaveLength(0);

    const mail = mailsTo(h, member.email).at(-1)!;
    expect(mail.subject).toBe('Reset your QuidsIn password');
    expect(mail.text).toContain(`Hi ${member.username}`);
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{40,}$/m);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=');
  });

  it('stores only the hash of the token, for one hour, as a reset token', async () => {
    const member = await h.createUser();
    const token = await linkFor(h, member.email);
    const rows = await h.db.kysely.selectFrom('email_tokens').selectAll().where('user_id', '=', member.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: sha256(token), purpose: 'reset-password', used_at: null });
    const ttl = Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at);
    expect(Math.abs(ttl - RESET_TOKEN_TTL_MS)).toBeLessThan(5_000);
  });

  it('sets the new password, signs the account out everywhere, and works once', async () => {
    const member = await h.createUser();
    // Two sessions before the reset (the harness's token and a fresh login).
    const second = await login(h, member.username, TEST_PASSWORD);
    expect(second.status).toBe(200);
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: member.token })).status).toBe(200);

    const token = await linkFor(h, member.email);
    const done = await reset(h, token);
    expect(done.status).toBe(200);
    expect(done.body.success).toBe(true);
    expect(typeof done.body.data.message).toBe('string');

    for (const old of [member.token, second.body.data.token]) {
      const me = await h.request({ method: 'GET', url: '/api/auth/me', token: old });
      expect(me.status).toBe(401);
      const write = await h.request({ method: 'POST', url: '/api/deals/1/save', token: old });
      expect(write.status).toBe(401);
    }
    expect((await login(h, member.username, TEST_PASSWORD)).status).toBe(401);
    const fresh = await login(h, member.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: fresh.body.data.token })).body.data.user.id).toBe(member.id);

    const again = await reset(h, token, 'Another-Passw0rd');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, error: RESET_LINK_INVALID });
    expect((await login(h, member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const member = await h.createUser();
    const token = await linkFor(h, member.email);
    await h.db.kysely
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const res = await reset(h, token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(RESET_LINK_INVALID);
    expect((await login(h, member.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses a forged, missing or verification token with the same message', async () => {
    const member = await h.createUser({ verified: false });
    await h.request({ method: 'POST', url: '/api/auth/resend-verification', token: member.token });
    const verification = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(h.mails.at(-1)!.text)![1];
    for (const token of ['forged-token-forged-token-forged-token-0123', verification, '', undefined, 'x'.repeat(500)]) {
      const res = await reset(h, token);
      expect({ token, status: res.status, error: res.body.error }).toEqual({ token, status: 400, error: RESET_LINK_INVALID });
    }
  });

  it('applies the register rules to the new password', async () => {
    const member = await h.createUser();
    const token = await linkFor(h, member.email);
    const weak = await reset(h, token, 'alllowercase1');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ field: 'password', error: PASSWORD_STRENGTH_MESSAGE });
    const short = await reset(h, token, 'Ab1');
    expect(short.body.error).toBe('Password must be at least 8 characters');
    // The link was not spent by the refused attempts.
    expect((await reset(h, token)).status).toBe(200);
  });

  it('retires the older link when a newer one is asked for', async () => {
    const member = await h.createUser();
    const first = await linkFor(h, member.email);
    const second = await linkFor(h, member.email);
    expect(second).not.toBe(first);
    expect((await reset(h, first)).status).toBe(400);
    expect((await reset(h, second)).status).toBe(200);
  });

  it('lets exactly one of two racing resets with the same link through', async () => {
    const member = await h.createUser();
    const token = await linkFor(h, member.email);
    const results = await Promise.all([reset(h, token, 'Racer-One-Passw0rd'), reset(h, token, 'Racer-Two-Passw0rd')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0].status === 200 ? 'Racer-One-Passw0rd' : 'Racer-Two-Passw0rd';
    expect((await login(h, member.email, winner)).status).toBe(200);
  });

  it('verifies an account that had not verified its email yet (the link came to that address)', async () => {
    const member = await h.createUser({ verified: false });
    const token = await linkFor(h, member.email);
    expect((await reset(h, token)).status).toBe(200);
    const res = await login(h, member.username, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.user.emailVerified).toBe(true);
  });

  it('ignores a stale bearer token on both routes (they are public)', async () => {
    const member = await h.createUser();
    const res = await h.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email }, token: 'garbage' });
    await passwordResetsSettled();
    expect(res.status).toBe(200);
    const token = resetToken(mailsTo(h, member.email).at(-1)!.text);
    expect((await reset(h, token, NEW_PASSWORD, { token: 'garbage' })).status).toBe(200);
  });

  it('names the field on a bad address', async () => {
    const res = await h.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'email', error: 'Invalid email address' });
  });

  it('answers before the mail is sent, so a slow mail server does not tell which addresses exist', async () => {
    const member = await h.createUser();
    const deps = h.app.deps;
    const original = deps.mailer;
    // A mail server that holds every mail until the test lets it go: the answer must come while it still holds the mail
    // (an answer that waited for the mail would never come, and the test would time out).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Mailer = {
      send: async (m) => {
        await held;
        h.mails.push(m);
      },
    };
    deps.mailer = slow;
    try {
      const res = await h.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email } });
      expect(res.status).toBe(200);
      expect(mailsTo(h, member.email)).toHaveLength(0);
      release();
      await passwordResetsSettled();
      expect(mailsTo(h, member.email)).toHaveLength(1);
    } finally {
      deps.mailer = original;
    }
  });
});

describe('password reset routes in the route walk', () => {
  it('are public: they never read a bearer token', async () => {
    const { h, routes } = await createHarnessWithRoutes();
    try {
      const access = Object.fromEntries(routes.filter((r) => r.url.startsWith('/api/auth/')).map((r) => [`${r.method} ${r.url}`, r.access]));
      expect(access['POST /api/auth/forgot-password']).toBe('public');
      expect(access['POST /api/auth/reset-password']).toBe('public');
    } finally {
      await h.close();
    }
  });
});

describe('password reset rate limits', () => {
  const { h } = useHarness({ env: { RATE_LIMIT_FACTOR: '1' } });

  it('limits the requests for one address from any client, accounts or not', async () => {
    for (const email of ['limited-nobody@example.test', (await h.createUser()).email]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await forgot(h, i % 2 ? email.toUpperCase() : email, { remoteAddress: `198.51.100.${10 + i}` })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const refused = await forgot(h, 'limited-nobody@example.test', { remoteAddress: '198.51.100.99' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.error).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });

  it('limits the requests from one client, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(h, `someone${i}@example.test`, { remoteAddress: '203.0.113.7' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client is not held by that one's count.
    expect((await forgot(h, 'someone-else@example.test', { remoteAddress: '203.0.113.8' })).status).toBe(200);
  });

  it('limits reset attempts from one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await h.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: `guess-${i}`, password: NEW_PASSWORD },
        remoteAddress: '192.0.2.44',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
