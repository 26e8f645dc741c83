import { describe, expect, it } from 'vitest';
import { register, verificationToken } from '../../test/data/accounts.js';
import { useHarness } from '../../test/harness.js';
import { sha256 } from './one-time-token.js';

const tokenIn = (text: string) => verificationToken(text) as string;

describe('email verification', () => {
  const { h } = useHarness();

  async function signUp(username: string) {
    const res = await register(h, username);
    expect(res.status).toBe(201);
    return res.body.data as { user: { id: number }; token: string };
  }

  it('stores only a hash of the token', async () => {
    await signUp('hashcheck');
    const token = tokenIn(h.mails.at(-1)!.text);
    const rows = await h.db.kysely.selectFrom('email_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === sha256(token))).toBe(true);
  });

  it('resends with the registration token, retiring the older link', async () => {
    const { token } = await signUp('resender');
    const first = tokenIn(h.mails.at(-1)!.text);
    const resend = await h.request({ method: 'POST', url: '/api/auth/resend-verification', token });
    expect(resend.status).toBe(200);
    const second = tokenIn(h.mails.at(-1)!.text);
    expect(second).not.toBe(first);
    expect((await h.request({ method: 'GET', url: `/api/auth/verify-email?token=${first}` })).status).toBe(400);
    expect((await h.request({ method: 'GET', url: `/api/auth/verify-email?token=${second}` })).status).toBe(200);
    const already = await h.request({ method: 'POST', url: '/api/auth/resend-verification', token });
    expect(already.status).toBe(400);
    expect(already.body.error).toMatch(/already verified/);
  });

  it('refuses an expired link and a missing token', async () => {
    await signUp('latecomer');
    const token = tokenIn(h.mails.at(-1)!.text);
    await h.db.kysely
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const res = await h.request({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/expired/);
    const none = await h.request({ method: 'GET', url: '/api/auth/verify-email' });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Invalid verification link');
  });

  it('needs a signed-in (unverified) user to resend', async () => {
    expect((await h.request({ method: 'POST', url: '/api/auth/resend-verification' })).status).toBe(401);
  });
});

describe('auth rate limits', () => {
  const { h } = useHarness({ env: { RATE_LIMIT_FACTOR: '1' } });

  it('answers 429 with a message after too many logins from one client', async () => {
    const statuses: number[] = [];
    let last: any;
    for (let i = 0; i < 12; i++) {
      last = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'nobody', password: 'Wrong-passw0rd' } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last.body).toMatchObject({ success: false });
    expect(last.body.error).toMatch(/Too many requests/);
  });
});
