/** Account steps of the API tests: signing up, reading the mailed verification link, changing a password. */
import { type Harness, TEST_PASSWORD, type TestUser } from '../harness.js';

/** The password sign-ups use: it meets the password rules. */
export const SIGN_UP_PASSWORD = 'Sup3rSecret';

/**
 * POST /api/auth/register as `username`, with `<username>@example.com`, SIGN_UP_PASSWORD and the terms accepted;
 * `fields` replaces any of them (an invalid sign-up, another address), `token` goes along as the bearer.
 */
export function register(h: Harness, username: string, fields: Record<string, unknown> = {}, token?: string) {
  const payload = { username, email: `${username}@example.com`, password: SIGN_UP_PASSWORD, termsAccepted: true, ...fields };
  return h.request({ method: 'POST', url: '/api/auth/register', token, payload });
}

/** The token of the verification link in a mail's text. */
export const verificationToken = (text: string) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** PUT /api/users/{id}/profile as `user`: its password from `current` (TEST_PASSWORD, what createUser sets) to `next`. */
export function changePassword(h: Harness, user: Pick<TestUser, 'id' | 'token'>, next: string, current = TEST_PASSWORD) {
  return h.request({ method: 'PUT', url: `/api/users/${user.id}/profile`, token: user.token, payload: { currentPassword: current, newPassword: next } });
}

/** Backdates accounts' creation to `hoursAgo` hours ago: an account's age sets its vote weight and limits (docs/notes/trust.md). */
export const backdateAccounts = (h: Harness, ids: number[], hoursAgo: number) =>
  h.db.kysely
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString() })
    .where('id', 'in', ids)
    .execute();
