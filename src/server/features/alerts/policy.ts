import { ALERT_MESSAGES, MAX_ALERTS } from '../../../shared/schemas/members/alerts.js';
import type { AlertsTable } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { alertQueryKey } from './matching/terms.js';
import type { AlertRow } from './presenter.js';

/**
 * Keyword alerts are private (notes/alerts.md): a member sees and changes their own alerts only, at most
 * MAX_ALERTS of them, never two alike. Reads filter by the member (queries.ts findOwnAlert), so another member's alert
 * is 404 for everyone, administrators included; the one-click unsubscribe needs no account, only the mail's signed token.
 */

type AlertCriteria = Pick<AlertsTable, 'query' | 'category_id' | 'store_id' | 'max_price_pence' | 'min_temperature'>;

/** The member's alert `id` among their alerts, else 404. */
export function ownAlert(mine: AlertRow[], id: number): AlertRow {
  const alert = mine.find((a) => a.id === id);
  if (!alert) throw notFound(ALERT_MESSAGES.notFound);
  return alert;
}

/** At most MAX_ALERTS a member (409). */
export function assertRoomForAnother(mine: AlertRow[]): void {
  if (mine.length >= MAX_ALERTS) throw conflict(ALERT_MESSAGES.tooMany);
}

/** Two alerts that would match the same deals: the same words and exclusions (in any order, any case) and the same filters. */
const sameAlert = (a: AlertCriteria, b: AlertCriteria) =>
  alertQueryKey(a.query) === alertQueryKey(b.query) &&
  a.category_id === b.category_id &&
  a.store_id === b.store_id &&
  a.max_price_pence === b.max_price_pence &&
  a.min_temperature === b.min_temperature;

/** No two alerts of a member alike (409). */
export function assertNoTwin(columns: AlertCriteria, others: AlertRow[]): void {
  if (others.some((o) => sameAlert(columns, o))) throw conflict(ALERT_MESSAGES.duplicate);
}
