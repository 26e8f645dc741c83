import type { FastifyRequest } from 'fastify';
import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_SAME,
  EMAIL_CHANGED,
  EMAIL_IN_USE,
  type EmailChangeInput,
  emailChangeSent,
} from '../../../shared/schemas/members/account.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';
import { badRequest, conflict } from '../../http/errors.js';
import { escapeHtml } from '../../http/markup.js';
import { enqueueMail, MESSAGE_KIND } from '../../services/outbox/index.js';
import { checkToken, claimToken, issueToken, linkMail, retireTokens } from '../auth/index.js';
import { findConflicts, nowIso } from '../users/index.js';
import { recordSecurityEvent } from '../security/index.js';
import { assertPassword } from './policy.js';

/**
 * Change of email (docs/notes/data-rights.md): the password first; the new address gets a one-time link (purpose
 * 'change-email', one hour, the address kept beside the token's hash) and the account moves to it only when the link
 * is followed; the old address is then told, through the durable outbox. An address in use is the register flow's 409.
 * Both steps go into the member's security activity list.
 */
export const EMAIL_CHANGE_TTL_MS = 60 * 60 * 1000;
const PURPOSE = 'change-email';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

export async function requestEmailChange(
  deps: Deps,
  user: UserRow,
  input: EmailChangeInput,
  request: FastifyRequest,
): Promise<{ email: string; message: string }> {
  await assertPassword(user, input.password);
  const email = input.newEmail.trim().toLowerCase();
  if (email === user.email) throw badRequest(EMAIL_CHANGE_SAME, 'newEmail');
  if ((await findConflicts(deps.db.kysely, undefined, email, user.id)).email) throw conflict(EMAIL_IN_USE, 'newEmail');
  const token = await issueToken(deps.db.kysely, user.id, PURPOSE, EMAIL_CHANGE_TTL_MS, email);
  const link = `${deps.config.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    linkMail({ email, username: user.username }, link, {
      subject: 'Confirm your new QuidsIn email address',
      textIntro: 'You asked to use this address for your QuidsIn account. Confirm it by opening this link:',
      htmlIntro: 'You asked to use this address for your QuidsIn account. Confirm it:',
      linkLabel: 'Confirm my new email',
      closing:
        'The link works once and expires in 1 hour. Until then your account keeps its current address. If you did not ask for this, ignore this message.',
    }),
  );
  await recordSecurityEvent(deps.db.kysely, { userId: user.id, kind: 'email-change-requested', request });
  request.log.info({ userId: user.id }, deps.config.smtpUrl ? 'email change link sent' : 'email change link written to the outbox');
  return { email, message: emailChangeSent(email) };
}

/**
 * POST /account/email/confirm: the link's token. Public (the token is the credential, as for a reset): a used, expired
 * or unknown link is one 400; an address taken meanwhile is 409. The token is claimed in the transaction that moves
 * the address, so two clicks cannot both win; the account's other change links stop working.
 */
export async function confirmEmailChange(deps: Pick<AppDeps, 'db'>, token: string, request: FastifyRequest): Promise<{ email: string; message: string }> {
  const db = deps.db.kysely;
  try {
    return await db.transaction().execute(async (trx) => {
      const check = await checkToken(trx, token, PURPOSE);
      if (check.state !== 'valid' || !check.newEmail) throw badRequest(EMAIL_CHANGE_LINK_INVALID);
      const user = await trx.selectFrom('users').selectAll().where('id', '=', check.userId).executeTakeFirst();
      if (!user || user.deleted_at) throw badRequest(EMAIL_CHANGE_LINK_INVALID);
      const now = nowIso();
      if (!(await claimToken(trx, check.id, now))) throw badRequest(EMAIL_CHANGE_LINK_INVALID);
      await retireTokens(trx, user.id, PURPOSE, now);
      const newEmail = check.newEmail;
      if ((await findConflicts(trx, undefined, newEmail, user.id)).email) throw conflict(EMAIL_IN_USE);
      // The link came to the new address: it is verified by following it.
      await trx.updateTable('users').set({ email: newEmail, email_verified_at: now, updated_at: now }).where('id', '=', user.id).execute();
      await enqueueMail(trx, { kind: MESSAGE_KIND, dedupeKey: `email-changed:${check.id}`, payload: oldAddressMail(user, newEmail) }, now);
      await recordSecurityEvent(trx, { userId: user.id, kind: 'email-changed', request });
      return { email: newEmail, message: EMAIL_CHANGED };
    });
  } catch (err) {
    // Another account took the address between the check and the write (the unique index on users.email).
    if (isUniqueViolation(err)) throw conflict(EMAIL_IN_USE);
    throw err;
  }
}

/** Shows the new address half hidden: the old mailbox may no longer be the member's own. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

function oldAddressMail(user: Pick<UserRow, 'email' | 'username'>, newEmail: string) {
  const masked = maskEmail(newEmail);
  const lines = [
    `The email address of your QuidsIn account ${user.username} was changed to ${masked}.`,
    'If you made this change, there is nothing to do.',
    'If you did not, reset your password at once and contact us: someone may have access to your account.',
  ];
  return {
    to: user.email,
    subject: 'Your QuidsIn email address was changed',
    text: `Hi ${user.username},\n\n${lines.join('\n\n')}\n\nThe QuidsIn team`,
    html: `<p>Hi ${escapeHtml(user.username)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>The QuidsIn team</p>`,
  };
}
