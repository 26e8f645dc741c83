import crypto from 'node:crypto';
import { derivedKey } from '../../../services/tokens.js';

/**
 * The stream's ticket (docs/notes/notifications.md "Stream"): an EventSource cannot send an Authorization header, and a
 * session token in a URL would land in logs, so the signed-in app asks for a ticket that opens the stream and nothing
 * else: `<user id>.<token version>.<expiry, epoch seconds>.<MAC>`, an HMAC-SHA256 under a key derived from the JWT secret
 * for this purpose only, valid for TICKET_TTL_SECONDS and once (live.ts claimTicket). A password change (token version)
 * voids it like a session.
 */
export const TICKET_TTL_SECONDS = 60;

const ticketKey = (secret: string) => derivedKey(secret, 'quidsin notification stream tickets v1');

const mac = (secret: string, body: string) => crypto.createHmac('sha256', ticketKey(secret)).update(body).digest().subarray(0, 16).toString('base64url');

export function signStreamTicket(secret: string, userId: number, version: number, now = Date.now()): string {
  const body = `${userId}.${version}.${Math.floor(now / 1000) + TICKET_TTL_SECONDS}`;
  return `${body}.${mac(secret, body)}`;
}

/** The ticket's member, token version and expiry (epoch ms) while it is genuine and unexpired, else null. */
export function verifyStreamTicket(secret: string, ticket: string, now = Date.now()): { userId: number; version: number; expiresAt: number } | null {
  const m = /^([1-9]\d{0,9})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
  if (!m) return null;
  const body = `${m[1]}.${m[2]}.${m[3]}`;
  if (!crypto.timingSafeEqual(Buffer.from(m[4]), Buffer.from(mac(secret, body)))) return null;
  if (Number(m[3]) * 1000 < now) return null;
  return { userId: Number(m[1]), version: Number(m[2]), expiresAt: Number(m[3]) * 1000 };
}
