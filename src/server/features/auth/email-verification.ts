import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../users/index.js';
import { checkToken, claimToken, issueToken, linkMail } from './one-time-token.js';

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const PURPOSE = 'verify-email';

/** Issues a fresh single-use token (older unused ones are retired) and mails the link. */
export async function sendVerificationMail(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, user: UserRow, log: FastifyBaseLogger): Promise<void> {
  const { db, mailer, config } = deps;
  const token = await issueToken(db.kysely, user.id, PURPOSE, TOKEN_TTL_MS);
  const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await mailer.send(
    linkMail(user, link, {
      subject: 'Verify your QuidsIn email address',
      textIntro: 'Welcome to QuidsIn! Please confirm your email address by opening this link:',
      htmlIntro: 'Welcome to QuidsIn! Please confirm your email address:',
      linkLabel: 'Verify my email',
      closing: 'The link works once and expires in 24 hours. If you did not sign up, ignore this message.',
    }),
  );
  if (!config.smtpUrl) log.info({ userId: user.id }, 'verification link written to the outbox');
}

export type VerifyResult = 'verified' | 'invalid' | 'expired';

/** Consumes a token: single use, 24 h, compared by hash. */
export async function consumeVerificationToken(deps: Pick<AppDeps, 'db'>, token: string): Promise<VerifyResult> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const check = await checkToken(trx, token, PURPOSE);
    if (check.state !== 'valid') return check.state;
    const now = nowIso();
    if (!(await claimToken(trx, check.id, now))) return 'invalid';
    await trx
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', check.userId)
      .where('email_verified_at', 'is', null)
      .execute();
    return 'verified';
  });
}
