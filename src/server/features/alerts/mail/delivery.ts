import type { Transaction } from 'kysely';
import type { AffiliateConfig } from '../../../../shared/domain/shops/affiliate.js';
import { isExpired } from '../../../../shared/domain/deals/deal-status.js';
import { toPounds } from '../../../../shared/domain/money.js';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { OutboxHandlers, OutboxRow, Rendered } from '../../../services/outbox/index.js';
import { type DealRowWithRefs, dealsByIds } from '../../deals/index.js';
import type { AlertLinks } from '../presenter.js';
import { ALERT_DIGEST_KIND, ALERT_INSTANT_KIND, type DigestPayload, type InstantPayload } from './kinds.js';
import { type AlertMailContext, digestAlertMail, instantAlertMail, type MailDeal } from './templates.js';
import { isPublicStatus } from '../../../../shared/domain/deals/deal-visibility.js';

/**
 * How the outbox sends alert mails (services/outbox): each row holds only ids, and the mail is written when it is sent,
 * from the rows as they are then. So a mail never goes out for an alert that was deleted or paused (one-click
 * unsubscribe) meanwhile, nor to an account that is not verified, nor for a deal that is no longer public: such rows
 * are given up with the reason in last_error.
 */
export interface AlertMailDeps {
  db: Db;
  config: AlertLinks & { affiliate?: AffiliateConfig };
}

function mailDeal(row: DealRowWithRefs, now: number): MailDeal {
  return {
    id: row.id,
    title: row.title,
    price: toPounds(row.price_pence),
    originalPrice: toPounds(row.original_price_pence),
    storeName: row.store_name,
    temperature: row.temperature,
    isExpired: isExpired(row.status, row.expires_at, now),
  };
}

/** The alert and its member, or the reason not to write to them. */
async function recipient(deps: AlertMailDeps, alertId: number, row: OutboxRow): Promise<AlertMailContext | { skip: string }> {
  const alert = await deps.db.kysely
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.query', 'a.paused', 'u.email', 'u.username', 'u.email_verified_at'])
    .where('a.id', '=', alertId)
    .executeTakeFirst();
  if (!alert) return { skip: 'alert deleted' };
  if (alert.paused === 1) return { skip: 'alert paused' };
  if (!alert.email_verified_at) return { skip: 'email not verified' };
  return {
    to: alert.email,
    username: alert.username,
    alert: { id: alert.id, query: alert.query },
    links: deps.config,
    outboxId: row.id,
    dedupeKey: row.dedupe_key,
  };
}

async function renderInstant(deps: AlertMailDeps, p: InstantPayload, row: OutboxRow): Promise<Rendered> {
  const ctx = await recipient(deps, p.alertId, row);
  if ('skip' in ctx) return ctx;
  const [deal] = await dealsByIds(deps.db, [p.dealId]);
  if (!deal || !isPublicStatus(deal.status)) return { skip: 'deal no longer public' };
  return instantAlertMail(ctx, mailDeal(deal, Date.now()));
}

async function renderDigest(deps: AlertMailDeps, p: DigestPayload, row: OutboxRow): Promise<Rendered> {
  const ctx = await recipient(deps, p.alertId, row);
  if ('skip' in ctx) return ctx;
  const now = Date.now();
  const deals = (await dealsByIds(deps.db, p.dealIds)).filter((d) => isPublicStatus(d.status)).map((d) => mailDeal(d, now));
  if (deals.length === 0 && p.more === 0) return { skip: 'no deal left to show' };
  return digestAlertMail(ctx, deals, p.more);
}

const markSent = (trx: Transaction<Database>, alertId: number, at: string) =>
  trx
    .updateTable('alerts')
    .set({ last_sent_at: at })
    .where('id', '=', alertId)
    .execute()
    .then(() => {});

/** The outbox handlers of the alert mails (jobs.ts drains the outbox with them). */
export function alertMailHandlers(deps: AlertMailDeps): OutboxHandlers {
  return {
    [ALERT_INSTANT_KIND]: {
      render: (p: InstantPayload, row) => renderInstant(deps, p, row),
      sent: (p: InstantPayload, trx, at) => markSent(trx, p.alertId, at),
    },
    [ALERT_DIGEST_KIND]: { render: (p: DigestPayload, row) => renderDigest(deps, p, row), sent: (p: DigestPayload, trx, at) => markSent(trx, p.alertId, at) },
  };
}
