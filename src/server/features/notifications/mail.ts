import { MAIL_GATHER_MS, NOTIFICATION_TYPE_LABELS, type NotificationType } from '../../../shared/domain/members/notifications.js';
import type { Db } from '../../db/connection.js';
import { escapeHtml } from '../../http/markup.js';
import { listMailHeaders, type MailMessage } from '../../services/mail.js';
import { enqueueMail, type OutboxHandlers, type OutboxRow, type Rendered } from '../../services/outbox/index.js';
import { signAlertToken } from '../alerts/index.js';

/**
 * The gathered notification mail (docs/notes/notifications.md "Mail"): rows chosen for email (`mail_pending`) wait
 * until the member's last such mail is 15 minutes old, then one mail lists what arrived since. The job hands them to
 * the durable outbox in one transaction (rows unmarked, the member's time noted, the mail queued), so a crash neither
 * loses nor doubles one; the outbox renders it at send time from the rows as they are then, and sends nothing to an
 * account that is not verified (any more).
 */
export const NOTIFICATION_MAIL_KIND = 'notification-digest';
/** How often the job looks for members whose mail is due (jobs.ts). */
export const MAIL_EVERY_MS = 60_000;
/** The most notifications one mail lists; the rest are counted. */
const MAIL_ITEMS = 20;

interface MailPayload {
  userId: number;
  ids: number[];
  more: number;
}

export interface NotificationMailDeps {
  db: Db;
  config: { publicUrl: string; jwtSecret: string };
}

/** Queues one gathered mail per member whose rows wait and whose last mail is at least 15 minutes old; answers how many. */
export async function queueGatheredMails(deps: NotificationMailDeps, now = Date.now()): Promise<number> {
  const { db } = deps;
  const since = new Date(now - MAIL_GATHER_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  const due = await db.kysely
    .selectFrom('notifications as n')
    .leftJoin('notification_mail_state as m', 'm.user_id', 'n.user_id')
    .select('n.user_id')
    .distinct()
    .where('n.mail_pending', '=', 1)
    .where((eb) => eb.or([eb('m.last_mailed_at', 'is', null), eb('m.last_mailed_at', '<=', since)]))
    .limit(500)
    .execute();
  let queued = 0;
  for (const { user_id } of due) {
    const userId = Number(user_id);
    queued += await db.kysely.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .where('mail_pending', '=', 1)
        .orderBy('id', 'desc')
        .execute();
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => Number(r.id));
      await trx.updateTable('notifications').set({ mail_pending: 0 }).where('user_id', '=', userId).where('id', 'in', ids).execute();
      await trx
        .insertInto('notification_mail_state')
        .values({ user_id: userId, last_mailed_at: nowIso })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_mailed_at: nowIso }))
        .execute();
      const payload: MailPayload = { userId, ids: ids.slice(0, MAIL_ITEMS), more: Math.max(0, ids.length - MAIL_ITEMS) };
      return (await enqueueMail(trx, { kind: NOTIFICATION_MAIL_KIND, dedupeKey: `${NOTIFICATION_MAIL_KIND}:${userId}:${ids[0]}`, payload }, nowIso)) ? 1 : 0;
    });
  }
  return queued;
}

/** POST /api/notifications/unsubscribe?token=&types=: the mail's one-click link (RFC 8058). */
export const unsubscribeUrl = (deps: NotificationMailDeps, userId: number, types: string[]) =>
  `${deps.config.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(signAlertToken(deps.config.jwtSecret, 'notifications-unsubscribe', userId))}&types=${encodeURIComponent(types.join(','))}`;

async function render(deps: NotificationMailDeps, p: MailPayload, row: OutboxRow): Promise<Rendered> {
  const user = await deps.db.kysely.selectFrom('users').select(['email', 'username', 'email_verified_at']).where('id', '=', p.userId).executeTakeFirst();
  if (!user) return { skip: 'account deleted' };
  if (!user.email_verified_at) return { skip: 'email not verified' };
  const items = await deps.db.kysely
    .selectFrom('notifications')
    .select(['type', 'text', 'url'])
    .where('user_id', '=', p.userId)
    .where('id', 'in', p.ids.length > 0 ? p.ids : [0])
    .orderBy('id', 'desc')
    .execute();
  if (items.length === 0) return { skip: 'nothing left to tell' };
  return gatheredMail(deps, { to: user.email, username: user.username, userId: p.userId, items, more: p.more, outboxId: row.id, dedupeKey: row.dedupe_key });
}

function gatheredMail(
  deps: NotificationMailDeps,
  m: {
    to: string;
    username: string;
    userId: number;
    items: Array<{ type: string; text: string; url: string }>;
    more: number;
    outboxId: number;
    dedupeKey: string;
  },
): MailMessage {
  const base = deps.config.publicUrl;
  const total = m.items.length + m.more;
  const subject = total === 1 ? m.items[0].text : `${total} new notifications on QuidsIn`;
  const types = [...new Set(m.items.map((i) => i.type))];
  const settings = `${base}/user/profile#notifications`;
  const inbox = `${base}/notifications`;
  const kinds = types.map((t) => NOTIFICATION_TYPE_LABELS[t as NotificationType] ?? t).join(', ');
  const moreLine = m.more > 0 ? `...and ${m.more} more: ${inbox}` : '';
  const text = [
    `Hi ${m.username},`,
    '',
    ...m.items.map((i) => `- ${i.text}\n  ${base}${i.url}`),
    moreLine,
    '',
    `All your notifications: ${inbox}`,
    `Choose which mails you get: ${settings}`,
    `You get this because these are on in your settings: ${kinds}.`,
  ].join('\n');
  const html =
    `<p>Hi ${escapeHtml(m.username)},</p><ul>` +
    m.items.map((i) => `<li style="margin:0 0 8px"><a href="${escapeHtml(base + i.url)}">${escapeHtml(i.text)}</a></li>`).join('') +
    `</ul>${m.more > 0 ? `<p><a href="${escapeHtml(inbox)}">…and ${m.more} more</a></p>` : ''}` +
    `<p style="color:#6b7280;font-size:13px">You get this because these are on in your settings: ${escapeHtml(kinds)}. ` +
    `<a href="${escapeHtml(settings)}">Choose which mails you get</a> · <a href="${escapeHtml(inbox)}">All your notifications</a></p>`;
  const headers = listMailHeaders({
    publicUrl: base,
    kind: 'notifications',
    outboxId: m.outboxId,
    dedupeKey: m.dedupeKey,
    unsubscribeUrl: unsubscribeUrl(deps, m.userId, types),
  });
  return { to: m.to, subject, text, html, headers };
}

/** The outbox handler of the gathered mail (jobs.ts drains the outbox with it). */
export function notificationMailHandlers(deps: NotificationMailDeps): OutboxHandlers {
  return { [NOTIFICATION_MAIL_KIND]: { render: (p: MailPayload, row) => render(deps, p, row) } };
}
