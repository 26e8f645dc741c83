import crypto from 'node:crypto';
import { derivedKey } from '../../services/tokens.js';

/**
 * Signed alert tokens: `<alert id>.<MAC>`, the MAC an HMAC-SHA256 (cut to 128 bits) of the purpose and the id under a
 * key derived from the server's JWT secret for alerts only. One purpose per token: the feed token cannot unsubscribe
 * and the unsubscribe token cannot read the feed. Tokens need no storage and work without signing in; an alert that is
 * deleted takes its tokens with it (ids are never reused).
 */
/** 'notifications-unsubscribe' signs a member's id: the gathered notification mail's one-click link (features/notifications). */
export type AlertTokenPurpose = 'alert-unsubscribe' | 'alert-feed' | 'notifications-unsubscribe';

/** The alerts' own key (services/tokens.ts derivedKey), so a token MAC is never a session-token MAC. */
const alertKey = (secret: string) => derivedKey(secret, 'quidsin alert tokens v1');

const mac = (secret: string, purpose: AlertTokenPurpose, alertId: number) =>
  crypto.createHmac('sha256', alertKey(secret)).update(`${purpose}\n${alertId}`).digest().subarray(0, 16);

export function signAlertToken(secret: string, purpose: AlertTokenPurpose, alertId: number): string {
  return `${alertId}.${mac(secret, purpose, alertId).toString('base64url')}`;
}

/** The alert id of a genuine token of this purpose, else null (forged, altered, other purpose, malformed). */
export function verifyAlertToken(secret: string, purpose: AlertTokenPurpose, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const alertId = Number(m[1]);
  if (alertId > 2_147_483_647) return null;
  // Compared as text: base64url's last character carries spare bits, so decoding would accept variants of a token.
  const given = Buffer.from(m[2]);
  const expected = Buffer.from(mac(secret, purpose, alertId).toString('base64url'));
  return crypto.timingSafeEqual(given, expected) ? alertId : null;
}
