import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, HttpError, unauthorized } from '../../http/errors.js';
import { hashPassword, timingDummyHash, verifyPassword } from '../../services/passwords.js';
import { issueStepToken, startSession } from '../security/index.js';
import { findConflicts, findUserByCredential, insertUser } from '../users/index.js';
import { consumeVerificationToken, sendVerificationMail } from './email-verification.js';

/** The sign-up and sign-in flow (SPEC §4 Authentication, §7 Auth). Routes parse, call one of these, present. */
export type AuthDeps = Pick<AppDeps, 'config' | 'db' | 'mailer' | 'tokens'>;

export interface Session {
  user: UserRow;
  token: string;
}

const BAD_CREDENTIALS = 'Invalid username/email or password';

/** The password step when two-factor sign-in is on: no session yet, a token for the second step alone. */
export interface TwoFactorStep {
  twoFactorRequired: true;
  stepToken: string;
}

/**
 * POST /auth/register: a member whose email is not verified yet, and the verification mail. The token returned is good
 * only for GET /auth/me and POST /auth/resend-verification until the email is verified (plugins/auth.ts).
 */
export async function registerMember(
  deps: AuthDeps,
  input: { username: string; email: string; password: string },
  log: FastifyBaseLogger,
  request: FastifyRequest,
): Promise<Session> {
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
  return { user, token: await startSession(deps, user, 'password', request) };
}

/**
 * POST /auth/login: refused (403) until the email is verified; an unknown user costs the same time as a wrong password.
 * With two-factor sign-in on, the right password gives the second step's token instead of a session.
 */
export async function signIn(deps: AuthDeps, credential: string, password: string, request: FastifyRequest): Promise<Session | TwoFactorStep> {
  const user = await findUserByCredential(deps.db.kysely, credential);
  if (!user) {
    await verifyPassword(await timingDummyHash(), password);
    throw unauthorized(BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(user.password_hash, password))) throw unauthorized(BAD_CREDENTIALS);
  if (!user.email_verified_at) {
    throw new HttpError(403, 'Please verify your email address before logging in. Check your inbox for the verification link.', { emailNotVerified: true });
  }
  if (user.two_factor_enabled_at) return { twoFactorRequired: true, stepToken: await issueStepToken(deps.config.jwtSecret, user.id, user.token_version) };
  return { user, token: await startSession(deps, user, 'password', request) };
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
