import type { Selectable } from 'kysely';
import type { Alert, AlertFrequency } from '../../../shared/schemas/members/alerts.js';
import { toPounds } from '../../../shared/domain/money.js';
import type { AlertsTable } from '../../db/schema.js';
import { signAlertToken } from './tokens.js';

export type AlertRow = Selectable<AlertsTable>;

/** What presenting an alert needs: where the site is and the key its tokens are signed with. */
export interface AlertLinks {
  publicUrl: string;
  jwtSecret: string;
}

/** The alert's private RSS feed (features/feeds serves it through alertFeedDeals). */
export const alertFeedUrl = (links: AlertLinks, alertId: number) =>
  `${links.publicUrl}/feeds/alerts/${signAlertToken(links.jwtSecret, 'alert-feed', alertId)}.xml`;

/** The API's page for the one-click unsubscribe link in mails (it calls POST /api/alerts/unsubscribe). */
export const unsubscribePageUrl = (links: AlertLinks, alertId: number) =>
  `${links.publicUrl}/alerts/unsubscribe?token=${encodeURIComponent(signAlertToken(links.jwtSecret, 'alert-unsubscribe', alertId))}`;

/** RFC 8058 one-click target: a POST here pauses the alert, no sign-in needed. */
export const unsubscribeApiUrl = (links: AlertLinks, alertId: number) =>
  `${links.publicUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(signAlertToken(links.jwtSecret, 'alert-unsubscribe', alertId))}`;

/** The one shape an alert leaves the server in, never a raw row. */
export function presentAlert(row: AlertRow, links: AlertLinks): Alert {
  return {
    id: row.id,
    query: row.query,
    categoryId: row.category_id,
    storeId: row.store_id,
    maxPrice: toPounds(row.max_price_pence),
    minTemperature: row.min_temperature,
    frequency: row.frequency as AlertFrequency,
    paused: row.paused === 1,
    createdAt: row.created_at,
    lastSentAt: row.last_sent_at,
    feedUrl: alertFeedUrl(links, row.id),
  };
}
