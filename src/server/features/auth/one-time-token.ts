import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { escapeHtml } from '../../http/markup.js';
import { nowIso } from '../users/index.js';

/**
 * The mailed single-use links of accounts (docs/notes/accounts.md): email verification, password reset and change of
 * email (docs/notes/data-rights.md, which also keeps the new address beside the token). The
 * email_tokens table keeps only the sha256 of a token, with its purpose; a token works once, until it expires, and
 * issuing a fresh one retires the older unused ones of the same purpose, so only the latest mail's link works.
 */
export type TokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** The unused tokens, to be marked used once narrowed down. */
const markUsed = (trx: Transaction<Database>, now: string) => trx.updateTable('email_tokens').set({ used_at: now }).where('used_at', 'is', null);

/** Marks every unused token of the purpose for the user as used. */
export async function retireTokens(trx: Transaction<Database>, userId: number, purpose: TokenPurpose, now: string): Promise<void> {
  await markUsed(trx, now).where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}

/** Retires the user's older unused tokens of the purpose and stores a fresh one; answers the token itself (only its hash is kept). */
export async function issueToken(db: Kysely<Database>, userId: number, purpose: TokenPurpose, ttlMs: number, newEmail?: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await retireTokens(trx, userId, purpose, now);
    await trx
      .insertInto('email_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        purpose,
        expires_at: new Date(Date.now() + ttlMs).toISOString(),
        used_at: null,
        created_at: now,
        new_email: newEmail ?? null,
      })
      .execute();
  });
  return token;
}

export type TokenCheck = { state: 'invalid' } | { state: 'expired' } | { state: 'valid'; id: number; userId: number; newEmail: string | null };

/** Looks a token up by its hash: unknown and used ones are invalid. */
export async function checkToken(db: Kysely<Database> | Transaction<Database>, token: string, purpose: TokenPurpose): Promise<TokenCheck> {
  const row = await db
    .selectFrom('email_tokens')
    .select(['id', 'user_id', 'used_at', 'expires_at', 'new_email'])
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.used_at) return { state: 'invalid' };
  if (row.expires_at <= nowIso()) return { state: 'expired' };
  return { state: 'valid', id: row.id, userId: row.user_id, newEmail: row.new_email };
}

/** Marks a checked token used, unless another request claimed it (or it expired) since: true when this one did. */
export async function claimToken(trx: Transaction<Database>, id: number, now: string): Promise<boolean> {
  const claimed = await markUsed(trx, now).where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The wording of a link mail: the text part's and the HTML part's lead-in, the link's label and the closing line. */
export interface LinkMailText {
  subject: string;
  textIntro: string;
  htmlIntro: string;
  linkLabel: string;
  closing: string;
}

/** A mail carrying a one-time link, as text and HTML. */
export function linkMail(user: Pick<UserRow, 'email' | 'username'>, link: string, m: LinkMailText) {
  return {
    to: user.email,
    subject: m.subject,
    text: `Hi ${user.username},\n\n${m.textIntro}\n\n${link}\n\n${m.closing}\n\nThe QuidsIn team`,
    html: `<p>Hi ${escapeHtml(user.username)},</p><p>${m.htmlIntro}</p><p><a href="${escapeHtml(link)}">${m.linkLabel}</a></p><p>Or paste this link into your browser: ${escapeHtml(link)}</p><p>${m.closing}</p><p>The QuidsIn team</p>`,
  };
}
