import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { RESET_LINK_INVALID } from '../../../shared/schemas/members/auth.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { hashPassword } from '../../services/passwords.js';
import { nowIso } from '../users/index.js';
import { checkToken, claimToken, issueToken, linkMail, retireTokens } from './one-time-token.js';
import { endAllSessions, recordSecurityEvent } from '../security/index.js';

/**
 * Password reset (docs/notes/accounts.md). A mailed link to /reset-password?token=..., valid one hour and
 * once; the email_tokens table keeps only the sha256 of the token, with purpose 'reset-password' (verification's
 * table and scheme). A reset sets the password and bumps users.token_version, so every token issued before answers 401.
 */
export type ResetDeps = Pick<AppDeps, 'config' | 'db' | 'mailer'>;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const PURPOSE = 'reset-password';

/**
 * POST /auth/forgot-password. The route answers at once with the same message for every address; the lookup, the
 * token and the mail happen here, after the answer, so an existing and a missing account take the same time to answer
 * (no database or mail work on the request's path). Closing the app waits for the mails under way.
 */
export function startPasswordReset(deps: ResetDeps, email: string, log: FastifyBaseLogger): void {
  const work: Promise<void> = requestPasswordReset(deps, email, log)
    .then(
      () => undefined,
      (err: unknown) => log.error({ err }, 'password reset mail failed'),
    )
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

const inFlight = new Set<Promise<void>>();

/** Resolves once every reset started so far has sent its mail (or failed): app close, and tests. */
export const passwordResetsSettled = async (): Promise<void> => {
  await Promise.allSettled([...inFlight]);
};

/** Looks the address up and, when it is an account's, mails it a fresh link (older unused links stop working). */
export async function requestPasswordReset(deps: ResetDeps, email: string, log: FastifyBaseLogger): Promise<'sent' | 'no-account'> {
  // Addresses are stored lower-cased (unique index on users.email).
  const user = await deps.db.kysely.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) return 'no-account';
  const token = await issueToken(deps.db.kysely, user.id, PURPOSE, RESET_TOKEN_TTL_MS);
  await deps.mailer.send(resetMail(deps.config.publicUrl, user, token));
  log.info({ userId: user.id }, deps.config.smtpUrl ? 'password reset mail sent' : 'password reset link written to the outbox');
  return 'sent';
}

function resetMail(publicUrl: string, user: UserRow, token: string) {
  const intro = 'Someone (hopefully you) asked to reset the password of your QuidsIn account.';
  return linkMail(user, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`, {
    subject: 'Reset your QuidsIn password',
    textIntro: `${intro} Choose a new password here:`,
    htmlIntro: intro,
    linkLabel: 'Choose a new password',
    closing: 'The link works once and expires in 1 hour. If you did not ask to reset your password, ignore this message: your password stays as it is.',
  });
}

/**
 * POST /auth/reset-password: a used, expired or unknown token is 400 RESET_LINK_INVALID (one message, so the answer
 * tells nothing about which). The token is claimed in the same transaction as the password write, so it works once even
 * when two requests race; the new password is hashed before (argon2 takes a while), only for a token that looked valid.
 * Every session ends (token_version + 1); the member signs in again. The link came to the account's address, so an
 * account that had not verified its email yet is verified by it too.
 */
export async function resetPassword(deps: Pick<AppDeps, 'db'>, token: string, password: string, request: FastifyRequest): Promise<void> {
  const db = deps.db.kysely;
  const check = await checkToken(db, token, PURPOSE);
  if (check.state !== 'valid') throw new HttpError(400, RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  const reset = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await claimToken(trx, check.id, now))) return false;
    // Any other link still out there for this account stops working too.
    await retireTokens(trx, check.userId, PURPOSE, now);
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        token_version: sql<number>`token_version + 1`,
        email_verified_at: sql<string>`coalesce(email_verified_at, ${now})`,
        updated_at: now,
      })
      .where('id', '=', check.userId)
      .execute();
    await endAllSessions(trx, check.userId);
    await recordSecurityEvent(trx, { userId: check.userId, kind: 'password-changed', request });
    return true;
  });
  if (!reset) throw new HttpError(400, RESET_LINK_INVALID);
}
