import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '../../../shared/domain/members/account-security.js';
import { type Harness, TEST_PASSWORD, type TestUser, useHarness } from '../../test/harness.js';
import { awayFromStepEdge, login, SoftAuthenticator, totpCode } from './test-helpers.js';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';

async function signIn(h: Harness, user: TestUser, opts: { userAgent?: string; ip?: string } = {}): Promise<string> {
  const res = await login(h, user.username, opts);
  expect(res.status).toBe(200);
  return res.body.data.token;
}

/** Turns TOTP on for `token`'s account: its secret and recovery codes. */
async function turnOnTotp(h: Harness, token: string) {
  const setup = await h.request({ method: 'POST', url: '/api/account/two-factor/setup', token });
  expect(setup.status).toBe(200);
  const { secret } = setup.body.data;
  await awayFromStepEdge();
  const at = Date.now();
  const enable = await h.request({ method: 'POST', url: '/api/account/two-factor/enable', token, payload: { code: totpCode(secret, at) } });
  expect(enable.status).toBe(200);
  return { secret: secret as string, recoveryCodes: enable.body.data.recoveryCodes as string[], at };
}

const me = (h: Harness, token: string) => h.request({ method: 'GET', url: '/api/auth/me', token });

describe('sessions', () => {
  const { h, members } = useHarness({ members: 3 });

  it('lists sessions with browser, system and a coarse IP hint, the current one marked', async () => {
    const a = await signIn(h, members[0], { userAgent: CHROME_MAC, ip: '203.0.113.77' });
    await signIn(h, members[0], { userAgent: FIREFOX_ANDROID, ip: '2001:db8:1234::5' });
    const res = await h.request({ method: 'GET', url: '/api/account/sessions', token: a });
    expect(res.status).toBe(200);
    expect(res.body.data.currentIsOlderSignIn).toBe(false);
    const [newest, older] = res.body.data.sessions;
    expect(newest).toMatchObject({ browser: 'Firefox on Android', ipHint: '2001:db8::/32', current: false });
    expect(older).toMatchObject({ browser: 'Chrome on Mac', ipHint: '203.0.x.x', current: true, method: 'password' });
    expect(JSON.stringify(res.body)).not.toContain('113.77');
    const stored = await h.db.kysely.selectFrom('sessions').select('ip_hint').where('user_id', '=', members[0].id).execute();
    expect(stored.map((s) => s.ip_hint)).not.toContain('203.0.113.77');
  });

  it('ends another session: its token answers 401 at once, even after a cached read', async () => {
    const a = await signIn(h, members[1]);
    const b = await signIn(h, members[1]);
    expect((await me(h, b)).status).toBe(200);
    expect((await me(h, b)).status).toBe(200);
    const list = await h.request({ method: 'GET', url: '/api/account/sessions', token: a });
    const other = list.body.data.sessions.find((s: { current: boolean }) => !s.current);
    const end = await h.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, token: a });
    expect(end.status).toBe(200);
    expect((await me(h, b)).status).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/notifications', token: b })).status).toBe(401);
    expect((await me(h, a)).status).toBe(200);
    // Ended already, or another member's: not found.
    expect((await h.request({ method: 'DELETE', url: `/api/account/sessions/${other.id}`, token: a })).status).toBe(404);
    const c = await signIn(h, members[2]);
    const mine = (await h.request({ method: 'GET', url: '/api/account/sessions', token: c })).body.data.sessions[0];
    expect((await h.request({ method: 'DELETE', url: `/api/account/sessions/${mine.id}`, token: a })).status).toBe(404);
    expect((await me(h, c)).status).toBe(200);
    // Its own session: signed out from the menu, not here.
    expect((await h.request({ method: 'DELETE', url: `/api/account/sessions/${mine.id}`, token: c })).status).toBe(400);
    expect((await me(h, c)).status).toBe(200);
  });

  it('signs out everywhere else, older tokens without a session too, and hands the caller a fresh token', async () => {
    const user = members[2];
    const a = await signIn(h, user);
    const b = await signIn(h, user);
    const older = user.token; // made without a session (as tokens issued before sessions existed)
    expect((await me(h, older)).status).toBe(200);
    const olderList = await h.request({ method: 'GET', url: '/api/account/sessions', token: older });
    expect(olderList.body.data.currentIsOlderSignIn).toBe(true);
    const res = await h.request({ method: 'POST', url: '/api/account/sessions/end-others', token: a });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(1);
    for (const token of [b, older, a]) expect((await me(h, token)).status).toBe(401);
    const fresh = res.body.data.token;
    expect((await me(h, fresh)).status).toBe(200);
    const list = await h.request({ method: 'GET', url: '/api/account/sessions', token: fresh });
    expect(list.body.data.sessions).toHaveLength(1);
    expect(list.body.data.sessions[0].current).toBe(true);
  });

  it('updates last used at most once a minute, not on every request', async () => {
    const token = await signIn(h, members[0]);
    const list = await h.request({ method: 'GET', url: '/api/account/sessions', token });
    const current = list.body.data.sessions.find((s: { current: boolean }) => s.current);
    const past = new Date(Date.now() - 5 * 60_000).toISOString();
    await h.db.kysely.updateTable('sessions').set({ last_used_at: past }).where('id', '=', current.id).execute();
    await h.request({ method: 'POST', url: '/api/notifications/read-all', token });
    const touched = await h.db.kysely.selectFrom('sessions').select('last_used_at').where('id', '=', current.id).executeTakeFirstOrThrow();
    expect(touched.last_used_at > past).toBe(true);
    await h.request({ method: 'POST', url: '/api/notifications/read-all', token });
    const again = await h.db.kysely.selectFrom('sessions').select('last_used_at').where('id', '=', current.id).executeTakeFirstOrThrow();
    expect(again.last_used_at).toBe(touched.last_used_at);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const user = members[1];
    const a = await signIn(h, user);
    const b = await signIn(h, user);
    const res = await h.request({
      method: 'PUT',
      url: `/api/users/${user.id}/profile`,
      token: a,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Passw0rd' },
    });
    expect(res.status).toBe(200);
    expect((await me(h, b)).status).toBe(401);
    expect((await me(h, res.body.data.token)).status).toBe(200);
    const list = await h.request({ method: 'GET', url: '/api/account/sessions', token: res.body.data.token });
    expect(list.body.data.sessions).toHaveLength(1);
    await h.request({
      method: 'PUT',
      url: `/api/users/${user.id}/profile`,
      token: res.body.data.token,
      payload: { currentPassword: 'Another-Passw0rd', newPassword: TEST_PASSWORD },
    });
  });
});

describe('two-factor sign-in (TOTP)', () => {
  const { h, members } = useHarness({ members: 6 });

  it('sets up with a QR code drawn locally, needs a code to turn on, and then asks for a second step at sign-in', async () => {
    const token = await signIn(h, members[0]);
    const setup = await h.request({ method: 'POST', url: '/api/account/two-factor/setup', token });
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/QuidsIn:/);
    expect(setup.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await h.db.kysely.selectFrom('two_factor').select('secret').where('user_id', '=', members[0].id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(setup.body.data.secret);
    expect((await h.request({ method: 'POST', url: '/api/account/two-factor/enable', token, payload: { code: '000000' } })).status).toBe(400);
    expect((await h.request({ method: 'POST', url: '/api/account/two-factor/enable', token, payload: {} })).status).toBe(400);
    await awayFromStepEdge();
    const enable = await h.request({ method: 'POST', url: '/api/account/two-factor/enable', token, payload: { code: totpCode(setup.body.data.secret) } });
    expect(enable.status).toBe(200);
    expect(enable.body.data.recoveryCodes).toHaveLength(10);
    const status = await h.request({ method: 'GET', url: '/api/account/two-factor', token });
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const codes = await h.db.kysely.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', members[0].id).execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(enable.body.data.recoveryCodes[0]);
    expect((await h.request({ method: 'POST', url: '/api/account/two-factor/setup', token })).status).toBe(409);

    const step = await login(h, members[0].username);
    expect(step.status).toBe(200);
    expect(step.body.data).toEqual({ twoFactorRequired: true, stepToken: expect.any(String) });
    // The step token is not a session.
    expect((await me(h, step.body.data.stepToken)).status).toBe(401);
  });

  it('accepts a code once, with one step of drift, and refuses a replay and an older step', async () => {
    const token = await signIn(h, members[1]);
    const { secret, at } = await turnOnTotp(h, token);
    const second = async (code: string) => {
      const step = await login(h, members[1].username);
      return h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: step.body.data.stepToken, code } });
    };
    // The set-up used that step's code: the same code again is a replay.
    expect((await second(totpCode(secret, at))).status).toBe(401);
    await awayFromStepEdge();
    const ahead = await second(totpCode(secret, Date.now() + 30_000));
    expect(ahead.status).toBe(200);
    expect((await me(h, ahead.body.data.token)).status).toBe(200);
    expect((await second(totpCode(secret, Date.now() + 30_000))).status).toBe(401);
    expect((await second(totpCode(secret, Date.now() - 30_000))).status).toBe(401);
    expect((await second(totpCode(secret, Date.now() + 90_000))).status).toBe(401);
  });

  it('tolerates a step behind, says the same for a wrong code and an unknown step, and refuses a session token as a step', async () => {
    const token = await signIn(h, members[2]);
    const setup = await h.request({ method: 'POST', url: '/api/account/two-factor/setup', token });
    const secret = setup.body.data.secret;
    await awayFromStepEdge();
    expect(
      (await h.request({ method: 'POST', url: '/api/account/two-factor/enable', token, payload: { code: totpCode(secret, Date.now() - 60_000) } })).status,
    ).toBe(400);
    expect(
      (await h.request({ method: 'POST', url: '/api/account/two-factor/enable', token, payload: { code: totpCode(secret, Date.now() - 30_000) } })).status,
    ).toBe(200);
    const step = await login(h, members[2].username);
    const wrong = await h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: step.body.data.stepToken, code: '123456' } });
    const unknown = await h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: 'not-a-token', code: totpCode(secret) } });
    const session = await h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: token, code: totpCode(secret) } });
    for (const res of [wrong, unknown, session]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(SECURITY_MESSAGES.badCode);
    }
    const ok = await h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: step.body.data.stepToken, code: totpCode(secret) } });
    expect(ok.status).toBe(200);
  });

  it('locks the second step with 429 after five wrong codes in a row', async () => {
    const token = await signIn(h, members[3]);
    const { secret } = await turnOnTotp(h, token);
    const step = (await login(h, members[3].username)).body.data.stepToken;
    for (let i = 0; i < 5; i++) {
      const res = await h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: step, code: String(100000 + i) } });
      expect(res.status).toBe(401);
    }
    const locked = await h.request({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { stepToken: step, code: totpCode(secret, Date.now() + 30_000) },
    });
    expect(locked.status).toBe(429);
    const activity = await h.request({ method: 'GET', url: '/api/account/security-activity?limit=100', token });
    expect(activity.body.data.events.filter((e: { kind: string }) => e.kind === 'two-factor-failed')).toHaveLength(5);
  });

  it('takes a recovery code once; new codes need the password and replace the old ones', async () => {
    const token = await signIn(h, members[4]);
    const { recoveryCodes } = await turnOnTotp(h, token);
    const withRecovery = async (recoveryCode: string) => {
      const step = await login(h, members[4].username);
      return h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: step.body.data.stepToken, recoveryCode } });
    };
    const first = await withRecovery(recoveryCodes[0].toUpperCase());
    expect(first.status).toBe(200);
    expect((await withRecovery(recoveryCodes[0])).status).toBe(401);
    const status = await h.request({ method: 'GET', url: '/api/account/two-factor', token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
    expect((await h.request({ method: 'POST', url: '/api/account/two-factor/recovery-codes', token, payload: { password: 'wrong' } })).status).toBe(400);
    const renewed = await h.request({ method: 'POST', url: '/api/account/two-factor/recovery-codes', token, payload: { password: TEST_PASSWORD } });
    expect(renewed.status).toBe(200);
    expect((await withRecovery(recoveryCodes[1])).status).toBe(401);
    expect((await withRecovery(renewed.body.data.recoveryCodes[1])).status).toBe(200);
    // Both a code and a recovery code, or neither: 400.
    const step = await login(h, members[4].username);
    expect((await h.request({ method: 'POST', url: '/api/auth/login/two-factor', payload: { stepToken: step.body.data.stepToken } })).status).toBe(400);
  });

  it('turns off only with the password and a current code', async () => {
    const token = await signIn(h, members[5]);
    const { secret } = await turnOnTotp(h, token);
    const off = (payload: Record<string, unknown>) => h.request({ method: 'POST', url: '/api/account/two-factor/disable', token, payload });
    expect((await off({ password: 'nope', code: totpCode(secret, Date.now() + 30_000) })).status).toBe(400);
    expect((await off({ password: TEST_PASSWORD, code: '000000' })).status).toBe(400);
    expect((await off({ password: TEST_PASSWORD })).status).toBe(400);
    expect((await off({ password: TEST_PASSWORD, code: totpCode(secret, Date.now() + 30_000) })).status).toBe(200);
    const again = await login(h, members[5].username);
    expect(again.body.data.token).toEqual(expect.any(String));
    const activity = await h.request({ method: 'GET', url: '/api/account/security-activity', token });
    const kinds = activity.body.data.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['two-factor-on', 'two-factor-off', 'sign-in']));
  });
});

describe('REQUIRE_STAFF_2FA=1', () => {
  const { h, moderators, members } = useHarness({ members: 1, moderators: 1, env: { REQUIRE_STAFF_2FA: '1' } });

  it('answers 403 on staff routes until the staff account turns two-factor on; members are not touched', async () => {
    const token = await signIn(h, moderators[0]);
    const queue = await h.request({ method: 'GET', url: '/api/admin/reports', token });
    expect(queue.status).toBe(403);
    expect(queue.body.error).toBe('Two-factor authentication is required for your role');
    expect((await me(h, token)).body.data.twoFactorSetupRequired).toBe(true);
    const status = await h.request({ method: 'GET', url: '/api/account/two-factor', token });
    expect(status.body.data.required).toBe(true);
    // What a member may do, the moderator may too.
    expect((await h.request({ method: 'GET', url: '/api/notifications', token })).status).toBe(200);
    const adminToken = await h.adminToken();
    const admin = await h.request({ method: 'GET', url: '/api/admin/users', token: adminToken });
    expect(admin.status).toBe(403);
    expect(admin.body.error).toBe('Two-factor authentication is required for your role');
    expect((await h.request({ method: 'GET', url: '/api/admin/reports', token: members[0].token })).body.error).not.toBe(
      'Two-factor authentication is required for your role',
    );

    const { secret } = await turnOnTotp(h, token);
    const step = await login(h, moderators[0].username);
    const signedIn = await h.request({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      payload: { stepToken: step.body.data.stepToken, code: totpCode(secret, Date.now() + 30_000) },
    });
    expect((await h.request({ method: 'GET', url: '/api/admin/reports', token: signedIn.body.data.token })).status).toBe(200);
    expect((await me(h, signedIn.body.data.token)).body.data.twoFactorSetupRequired).toBeUndefined();
  });
});

describe('passkeys', () => {
  const { h, members } = useHarness({ members: 3 });

  async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'My laptop') {
    const options = await h.request({ method: 'POST', url: '/api/account/passkeys/options', token });
    expect(options.status).toBe(200);
    const res = await h.request({
      method: 'POST',
      url: '/api/account/passkeys',
      token,
      payload: { name, response: authenticator.register(options.body.data.options) },
    });
    return res;
  }

  async function passkeySignIn(authenticator: SoftAuthenticator, counter?: number) {
    const options = await h.request({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(options.status).toBe(200);
    expect(options.body.data.options.allowCredentials ?? []).toEqual([]);
    const response = authenticator.assert(options.body.data.options, counter);
    return { res: await h.request({ method: 'POST', url: '/api/auth/passkey', payload: { response } }), response };
  }

  it('registers a discoverable passkey and signs in with it, with no two-factor step', async () => {
    const token = await signIn(h, members[0]);
    await turnOnTotp(h, token);
    const authenticator = new SoftAuthenticator();
    const added = await addPasskey(token, authenticator);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    const { res, response } = await passkeySignIn(authenticator);
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(members[0].id);
    expect((await me(h, res.body.data.token)).status).toBe(200);
    // The same assertion again: its challenge is spent.
    expect((await h.request({ method: 'POST', url: '/api/auth/passkey', payload: { response } })).status).toBe(401);
    const list = await h.request({ method: 'GET', url: '/api/account/passkeys', token });
    expect(list.body.data.passkeys[0].lastUsedAt).toEqual(expect.any(String));
    const sessions = await h.request({ method: 'GET', url: '/api/account/sessions', token: res.body.data.token });
    expect(sessions.body.data.sessions.find((s: { current: boolean }) => s.current).method).toBe('passkey');
  });

  it('refuses a counter that goes backwards on a key that counted, and allows a key that always sends 0', async () => {
    const token = await signIn(h, members[1]);
    const counting = new SoftAuthenticator();
    expect((await addPasskey(token, counting, 'Counting key')).status).toBe(201);
    expect((await passkeySignIn(counting, 5)).res.status).toBe(200);
    expect((await passkeySignIn(counting, 3)).res.status).toBe(401);
    expect((await passkeySignIn(counting, 6)).res.status).toBe(200);
    const zero = new SoftAuthenticator('localhost', 'http://localhost:3000', false);
    expect((await addPasskey(token, zero, 'Zero key')).status).toBe(201);
    expect((await passkeySignIn(zero)).res.status).toBe(200);
    expect((await passkeySignIn(zero)).res.status).toBe(200);
  });

  it('refuses an expired challenge, another origin, and a challenge made for another purpose', async () => {
    const token = await signIn(h, members[2]);
    const authenticator = new SoftAuthenticator();
    const options = await h.request({ method: 'POST', url: '/api/account/passkeys/options', token });
    const wrongOrigin = authenticator.register(options.body.data.options, 'https://evil.example');
    expect((await h.request({ method: 'POST', url: '/api/account/passkeys', token, payload: { name: 'x', response: wrongOrigin } })).status).toBe(400);
    expect((await addPasskey(token, authenticator)).status).toBe(201);
    const signInOptions = await h.request({ method: 'POST', url: '/api/auth/passkey/options' });
    await h.db.kysely
      .updateTable('webauthn_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = authenticator.assert(signInOptions.body.data.options);
    expect((await h.request({ method: 'POST', url: '/api/auth/passkey', payload: { response: late } })).status).toBe(401);
    // A registration challenge is not a sign-in challenge.
    const reg = await h.request({ method: 'POST', url: '/api/account/passkeys/options', token });
    const misuse = authenticator.assert(reg.body.data.options);
    expect((await h.request({ method: 'POST', url: '/api/auth/passkey', payload: { response: misuse } })).status).toBe(401);
  });

  it('needs a fresh password or passkey confirmation to add or remove one; renames; another member’s is 404', async () => {
    const token = await signIn(h, members[2]);
    const list = await h.request({ method: 'GET', url: '/api/account/passkeys', token });
    const id = list.body.data.passkeys[0].id;
    await h.db.kysely
      .updateTable('sessions')
      .set({ authenticated_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('user_id', '=', members[2].id)
      .execute();
    const stale = await h.request({ method: 'POST', url: '/api/account/passkeys/options', token });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe(SECURITY_MESSAGES.reauth);
    expect((await h.request({ method: 'DELETE', url: `/api/account/passkeys/${id}`, token })).status).toBe(403);
    const renamed = await h.request({ method: 'PUT', url: `/api/account/passkeys/${id}`, token, payload: { name: 'Work phone' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Work phone');
    expect((await h.request({ method: 'POST', url: '/api/account/reauthenticate', token, payload: { password: 'wrong' } })).status).toBe(400);
    expect((await h.request({ method: 'POST', url: '/api/account/reauthenticate', token, payload: { password: TEST_PASSWORD } })).status).toBe(200);
    const other = await signIn(h, members[1]);
    expect((await h.request({ method: 'DELETE', url: `/api/account/passkeys/${id}`, token: other })).status).toBe(404);
    expect((await h.request({ method: 'PUT', url: `/api/account/passkeys/${id}`, token: other, payload: { name: 'Mine now' } })).status).toBe(404);
    expect((await h.request({ method: 'DELETE', url: `/api/account/passkeys/${id}`, token })).status).toBe(200);
    const kinds = (await h.request({ method: 'GET', url: '/api/account/security-activity', token })).body.data.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['passkey-added', 'passkey-removed']));
  });

  it('confirms with a passkey too', async () => {
    const token = await signIn(h, members[1]);
    await h.db.kysely
      .updateTable('sessions')
      .set({ authenticated_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('user_id', '=', members[1].id)
      .execute();
    const authenticator = new SoftAuthenticator();
    expect((await h.request({ method: 'POST', url: '/api/account/passkeys/options', token })).status).toBe(403);
    // The members' keys are in the database: a fresh one here is not theirs.
    const options = await h.request({ method: 'POST', url: '/api/account/reauthenticate/options', token });
    expect(options.status).toBe(200);
    expect(
      (await h.request({ method: 'POST', url: '/api/account/reauthenticate', token, payload: { response: authenticator.assert(options.body.data.options) } }))
        .status,
    ).toBe(401);
  });

  it('answers malformed attestation and assertion bodies with 400, never 5xx', async () => {
    const token = await signIn(h, members[1]);
    const bad = [
      {},
      { name: 'x' },
      { name: 'x', response: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'AA', attestationObject: 'AA' } } },
      { name: 'x', response: { id: '!!', rawId: 'AA', type: 'public-key', response: {} } },
      { name: 'x'.repeat(100), response: null },
    ];
    for (const payload of bad) {
      const res = await h.request({ method: 'POST', url: '/api/account/passkeys', token, payload });
      expect(res.status).toBe(400);
    }
    for (const payload of [
      {},
      { response: { id: 'AA', rawId: 'AA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } } },
    ]) {
      const res = await h.request({ method: 'POST', url: '/api/auth/passkey', payload });
      expect([400, 401]).toContain(res.status);
    }
  });
});

describe('security activity', () => {
  const { h, members } = useHarness({ members: 1 });

  it('lists events newest first with browser and a coarse IP hint, paged, and never a code or the address', async () => {
    const token = await signIn(h, members[0], { userAgent: CHROME_MAC, ip: '198.51.100.23' });
    for (let i = 0; i < 3; i++) await signIn(h, members[0], { userAgent: FIREFOX_ANDROID, ip: '198.51.100.23' });
    const first = await h.request({ method: 'GET', url: '/api/account/security-activity?limit=2', token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ totalCount: 4, page: 1, totalPages: 2 });
    expect(first.body.data.events[0]).toMatchObject({ kind: 'sign-in', browser: 'Firefox on Android', ipHint: '198.51.x.x' });
    const second = await h.request({ method: 'GET', url: '/api/account/security-activity?limit=2&page=2', token });
    expect(second.body.data.events[1]).toMatchObject({ browser: 'Chrome on Mac' });
    expect(JSON.stringify([first.body, second.body])).not.toContain('100.23');
    expect((await h.request({ method: 'GET', url: '/api/account/security-activity?limit=0', token })).status).toBe(400);
    expect((await h.request({ method: 'GET', url: '/api/account/security-activity' })).status).toBe(401);
  });
});
