import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, HttpError, unauthorized } from '../../http/errors.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../../services/passwords.js';
import { findConflicts, findUserByCredential, insertUser } from '../users/index.js';
import { consumeVerificationToken, sendVerificationMail } from './email-verification.js';

/** The sign-up and sign-in flow (SPEC §4 Authentication, §7 Auth). Routes parse, call one of these, present. */
export type AuthDeps = Pick<AppDeps, 'config' | 'db' | 'mailer' | 'tokens'>;

export interface Session {
  user: UserRow;
  token: string;
}

const BAD_CREDENTIALS = 'Invalid username/email or password';

const sessionFor = async (deps: AuthDeps, user: UserRow): Promise<Session> => ({
  user,
  token: await deps.tokens.sign({ userId: user.id, version: user.token_version }),
});

/**
 * POST /auth/register: a member whose email is not verified yet, and the verification mail. The token returned is good
 * only for GET /auth/me and POST /auth/resend-verification until the email is verified (plugins/auth.ts).
 */
export async function registerMember(deps: AuthDeps, input: { username: string; email: string; password: string }, log: FastifyBaseLogger): Promise<Session> {
  const { username, email, password } = input;
  const db = deps.db.kysely;
  const taken = await findConflicts(db, username, email);
  if (taken.username) throw conflict('That username is already taken', 'username');
  if (taken.email) throw conflict('An account with that email already exists', 'email');
  let user: UserRow;
  try {
    user = await insertUser(db, {
      username,
      email,
      password_hash: await hashPassword(password),
      role: 'user',
      avatar: null,
      bio: null,
      email_verified_at: null,
    });
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('That username or email is already registered');
    throw err;
  }
  // The account exists either way; the member can ask for the mail again from the check-your-email page.
  await sendVerificationMail(deps, user, log).catch((err) => log.error({ err }, 'verification mail failed'));
  return sessionFor(deps, user);
}

/** POST /auth/login: refused (403) until the email is verified; an unknown user costs the same time as a wrong password. */
export async function signIn(deps: AuthDeps, credential: string, password: string): Promise<Session> {
  const user = await findUserByCredential(deps.db.kysely, credential);
  if (!user) {
    await verifyPassword(await timingDummyHash(), password);
    throw unauthorized(BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, password))) throw unauthorized(BAD_CREDENTIALS);
  if (!user.email_verified_at) {
    throw new HttpError(403, 'Please verify your email address before logging in. Check your inbox for the verification link.', { emailNotVerified: true });
  }
  return sessionFor(deps, user);
}

/** GET /auth/verify-email: the link's token, single use, 24 h. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<void> {
  const result = await consumeVerificationToken(deps, token);
  if (result === 'expired') throw new HttpError(400, 'This verification link has expired. Please request a new one.');
  if (result === 'invalid') throw new HttpError(400, 'This verification link is invalid or has already been used.');
}

/** POST /auth/resend-verification: a fresh link (older ones stop working) for an account not verified yet. */
export async function resendVerification(deps: AuthDeps, user: UserRow, log: FastifyBaseLogger): Promise<void> {
  if (user.email_verified_at) throw new HttpError(400, 'Your email address is already verified. You can log in.');
  await sendVerificationMail(deps, user, log);
}
