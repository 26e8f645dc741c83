/** The alert mails' kinds in the outbox, and their keys: one mail per decision, however often it is replayed. */
export const ALERT_INSTANT_KIND = 'alert-instant';
export const ALERT_DIGEST_KIND = 'alert-digest';

export const instantDedupeKey = (alertId: number, dealId: number) => `${ALERT_INSTANT_KIND}:${alertId}:${dealId}`;
/** `day` is the London date (YYYY-MM-DD) of the digest. */
export const digestDedupeKey = (alertId: number, day: string) => `${ALERT_DIGEST_KIND}:${alertId}:${day}`;

export interface InstantPayload {
  alertId: number;
  dealId: number;
}

export interface DigestPayload {
  alertId: number;
  day: string;
  /** Up to DIGEST_DEALS deal ids, newest deal first. */
  dealIds: number[];
  /** Matches beyond those. */
  more: number;
}
