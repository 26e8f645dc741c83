import type { Deal } from '../../../shared/schemas/deals/deals.js';
import { ALERT_MESSAGES } from '../../../shared/schemas/members/alerts.js';
import type { AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import type { Db } from '../../db/connection.js';
import { badRequest, notFound } from '../../http/errors.js';
import { dealsByIds, presentForViewer } from '../deals/index.js';
import type { AlertLinks, AlertRow } from './presenter.js';
import { verifyAlertToken } from './tokens.js';
import { PUBLIC_STATUSES } from '../../../shared/domain/deals/deal-visibility.js';

/** A member's alerts, newest first (index alerts(user_id, created_at, id)); at most MAX_ALERTS of them. */
export function listAlerts(db: Db, userId: number): Promise<AlertRow[]> {
  return db.kysely.selectFrom('alerts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The member's own alert, else 404 (another member's alert is "not found" too: its existence is not told). */
export async function findOwnAlert(db: Db, userId: number, id: number): Promise<AlertRow> {
  const row = await db.kysely.selectFrom('alerts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(ALERT_MESSAGES.notFound);
  return row;
}

/** The alert an unsubscribe link names: 400 for a link that is not genuine, 404 once the alert is deleted. */
export async function alertOfUnsubscribeToken(db: Db, secret: string, token: string): Promise<AlertRow> {
  const id = verifyAlertToken(secret, 'alert-unsubscribe', token);
  if (id === null) throw badRequest(ALERT_MESSAGES.invalidLink, 'token');
  const row = await db.kysely.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ALERT_MESSAGES.gone);
  return row;
}

export const ALERT_FEED_ITEMS = 30;

export interface AlertFeed {
  alert: { id: number; query: string };
  /** The deals the alert matched, newest deal first, at most 30; only deals the public may still see. */
  deals: Deal[];
}

/**
 * The per-alert private feed's data (GET /feeds/alerts/{token}.xml, served by features/feeds): null for a token that is
 * not a genuine feed token of an existing alert. One ordered index range (the unique alert_matches(alert_id, deal_id)).
 */
export async function alertFeedDeals(deps: { db: Db; config: AlertLinks & { affiliate: AffiliateConfig } }, token: string): Promise<AlertFeed | null> {
  const { db, config } = deps;
  const id = verifyAlertToken(config.jwtSecret, 'alert-feed', token);
  if (id === null) return null;
  const alert = await db.kysely.selectFrom('alerts').select(['id', 'query']).where('id', '=', id).executeTakeFirst();
  if (!alert) return null;
  // The alert's matches drive the read (CROSS JOIN keeps that order on SQLite): one index range read backwards, newest
  // deal first, then the deals by key.
  const ids = await db.kysely
    .selectFrom('alert_matches as m')
    .crossJoin('deals as d')
    .select('m.deal_id')
    .whereRef('d.id', '=', 'm.deal_id')
    .where('m.alert_id', '=', id)
    .where('d.status', 'in', PUBLIC_STATUSES)
    .orderBy('m.deal_id', 'desc')
    .limit(ALERT_FEED_ITEMS)
    .execute();
  const rows = await dealsByIds(
    db,
    ids.map((r) => Number(r.deal_id)),
  );
  return { alert: { id: alert.id, query: alert.query }, deals: await presentForViewer(db, rows, null, config.affiliate) };
}
