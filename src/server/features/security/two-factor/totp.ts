import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../../shared/domain/members/account-security.js';
import { derivedKey } from '../../../services/tokens.js';

/**
 * The cryptography of two-factor sign-in (RFC 6238 TOTP with `otpauth`; docs/notes/account-security.md):
 * - secrets are kept encrypted (AES-256-GCM) under a key derived from the JWT secret, so a copy of the database alone
 *   does not give the codes; changing JWT_SECRET therefore turns off everyone's authenticator (they use a recovery code);
 * - recovery codes are kept as HMAC-SHA256 under another derived key (they are random, so a slow hash adds nothing).
 */

const ISSUER = 'QuidsIn';

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

/** The otpauth:// URI an authenticator app reads, and its QR code as an SVG data URL drawn here (no remote service). */
export async function setupOf(secretBase32: string, username: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = totpOf(secretBase32, username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code belongs to when it is right for now with one step of drift either way, else null. The caller
 * accepts it only when it is later than the last step accepted (a code is good once).
 */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const delta = totpOf(secretBase32, 'check').validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const secretKey = (jwtSecret: string) => derivedKey(jwtSecret, 'totp-secret-encryption');

export function encryptSecret(jwtSecret: string, secretBase32: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', secretKey(jwtSecret), iv);
  const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The secret, or null when it cannot be opened (the JWT secret changed). */
export function decryptSecret(jwtSecret: string, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', secretKey(jwtSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// No 0/o, 1/l/i: the codes are read off paper.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes, "xxxxx-xxxxx" (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const recoveryCodeHash = (jwtSecret: string, code: string) =>
  crypto.createHmac('sha256', derivedKey(jwtSecret, 'recovery-codes')).update(normaliseRecoveryCode(code)).digest('hex');
