import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_ELSEWHERE, EMAIL_CHANGE_LINK_INVALID, EMAIL_IN_USE, PASSWORD_INCORRECT } from '../../../shared/schemas/members/account.js';
import { TEST_PASSWORD, useHarness } from '../../test/harness.js';
import { drainOutbox, messageHandler, MESSAGE_KIND } from '../../services/outbox/index.js';

const linkToken = (text: string) => /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('change of email', () => {
  const { h } = useHarness();

  const ask = (token: string, payload: Record<string, unknown>) => h.request({ method: 'POST', url: '/api/account/email', token, payload });
  const confirm = (token: string) => h.request({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });

  it('mails a link to the new address, changes only when it is followed, and tells the old address', async () => {
    const me = await h.createUser();
    const before = h.mails.length;
    const res = await ask(me.token, { password: TEST_PASSWORD, newEmail: `New.${me.username}@Example.com` });
    expect(res.status).toBe(200);
    const newEmail = `new.${me.username}@example.com`;
    expect(res.body.data.email).toBe(newEmail);
    const mail = h.mails.slice(before).find((m) => m.to === newEmail);
    expect(mail?.subject).toBe('Confirm your new QuidsIn email address');
    const token = linkToken(mail?.text ?? '') as string;
    expect(token).toBeTruthy();
    // Nothing changed yet; only the hash is stored, with the new address and one hour.
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: me.token })).body.data.user.email).toBe(me.email);
    const row = await h.db.kysely
      .selectFrom('email_tokens')
      .selectAll()
      .where('user_id', '=', me.id)
      .where('purpose', '=', 'change-email')
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(row.new_email).toBe(newEmail);
    expect(Math.abs(Date.parse(row.expires_at) - Date.parse(row.created_at) - 60 * 60 * 1000)).toBeLessThan(1000);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.body.data.email).toBe(newEmail);
    const me2 = await h.request({ method: 'GET', url: '/api/auth/me', token: me.token });
    expect(me2.body.data.user).toMatchObject({ email: newEmail, emailVerified: true });
    // Signing in with the new address works.
    expect((await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: newEmail, password: TEST_PASSWORD } })).status).toBe(200);
    // The old address is told, through the durable outbox.
    const sentBefore = h.mails.length;
    await drainOutbox(h.app.deps, { [MESSAGE_KIND]: messageHandler });
    const told = h.mails.slice(sentBefore).find((m) => m.to === me.email);
    expect(told?.subject).toBe('Your QuidsIn email address was changed');
    expect(told?.text).not.toContain(newEmail);
    // The link works once.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(EMAIL_CHANGE_LINK_INVALID);
  });

  it('asks for the password first, refuses an address in use (409) and the same address', async () => {
    const me = await h.createUser();
    const other = await h.createUser();
    const wrong = await ask(me.token, { password: 'Wrong-Passw0rd', newEmail: `x-${me.username}@example.com` });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: PASSWORD_INCORRECT, field: 'password' });
    const taken = await ask(me.token, { password: TEST_PASSWORD, newEmail: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(EMAIL_IN_USE);
    expect((await ask(me.token, { password: TEST_PASSWORD, newEmail: me.email })).status).toBe(400);
    expect((await ask(me.token, { password: TEST_PASSWORD, newEmail: 'not-an-address' })).status).toBe(400);
    expect((await ask(me.token, { newEmail: 'a@example.com' })).status).toBe(400);
    expect((await h.request({ method: 'POST', url: '/api/account/email', payload: { password: TEST_PASSWORD, newEmail: 'a@example.com' } })).status).toBe(401);
    // The profile form no longer moves the address by itself.
    const put = await h.request({ method: 'PUT', url: `/api/users/${me.id}/profile`, token: me.token, payload: { email: `y-${me.username}@example.com` } });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(EMAIL_CHANGE_ELSEWHERE);
  });

  it('refuses an expired link, a forged one, an older one, and an address taken meanwhile', async () => {
    const me = await h.createUser();
    const other = await h.createUser();
    const first = await ask(me.token, { password: TEST_PASSWORD, newEmail: `one-${me.username}@example.com` });
    const firstToken = linkToken(h.mails.at(-1)?.text ?? '') as string;
    expect(first.status).toBe(200);
    await ask(me.token, { password: TEST_PASSWORD, newEmail: `two-${me.username}@example.com` });
    const secondToken = linkToken(h.mails.at(-1)?.text ?? '') as string;
    // Asking again retires the older link.
    expect((await confirm(firstToken)).status).toBe(400);
    expect((await confirm('forged-token')).status).toBe(400);
    expect((await confirm('')).status).toBe(400);
    // Expired.
    await h.db.kysely
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', me.id)
      .where('purpose', '=', 'change-email')
      .execute();
    expect((await confirm(secondToken)).body.error).toBe(EMAIL_CHANGE_LINK_INVALID);
    // Taken between the request and the click: 409, nothing changes, and the link is not spent.
    await ask(me.token, { password: TEST_PASSWORD, newEmail: `three-${me.username}@example.com` });
    const third = linkToken(h.mails.at(-1)?.text ?? '') as string;
    await h.db.kysely
      .updateTable('users')
      .set({ email: `three-${me.username}@example.com` })
      .where('id', '=', other.id)
      .execute();
    const clash = await confirm(third);
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe(EMAIL_IN_USE);
    const row = await h.db.kysely.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(me.email);
  });
});
