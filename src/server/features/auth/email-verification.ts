import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../users/index.js';

const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const PURPOSE = 'verify-email';
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** Issues a fresh single-use token (older unused ones are retired) and mails the link. */
export async function sendVerificationMail(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, user: UserRow, log: FastifyBaseLogger): Promise<void> {
  const { db, mailer, config } = deps;
  const token = crypto.randomBytes(32).toString('base64url');
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('purpose', '=', PURPOSE)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_tokens')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        purpose: PURPOSE,
        expires_at: new Date(Date.now() + TOKEN_TTL_MS).toISOString(),
        used_at: null,
        created_at: now,
      })
      .execute();
  });
  const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: user.email,
    subject: 'Verify your QuidsIn email address',
    text: `Hi ${user.username},\n\nWelcome to QuidsIn! Please confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.\n\nThe QuidsIn team`,
    html: `<p>Hi ${escapeHtml(user.username)},</p><p>Welcome to QuidsIn! Please confirm your email address:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>Or paste this link into your browser: ${escapeHtml(link)}</p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this message.</p><p>The QuidsIn team</p>`,
  });
  if (!config.smtpUrl) log.info({ userId: user.id }, 'verification link written to the outbox');
}

export type VerifyResult = 'verified' | 'invalid' | 'expired';

/** Consumes a token: single use, 24 h, compared by hash. */
export async function consumeVerificationToken(deps: Pick<AppDeps, 'db'>, token: string): Promise<VerifyResult> {
  const { db } = deps;
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('email_tokens').selectAll().where('token_hash', '=', sha256(token)).where('purpose', '=', PURPOSE).executeTakeFirst();
    if (!row || row.used_at) return 'invalid';
    if (row.expires_at <= nowIso()) return 'expired';
    const now = nowIso();
    const claimed = await trx.updateTable('email_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 'invalid';
    await trx
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', row.user_id)
      .where('email_verified_at', 'is', null)
      .execute();
    return 'verified';
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
