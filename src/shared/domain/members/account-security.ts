/**
 * Account security (docs/notes/account-security.md): the rules both sides use. Pure: no Node or DOM APIs.
 */

/**
 * The kinds of the security activity list. The server records them (recordSecurityEvent in features/security); the web
 * names them with SECURITY_EVENT_LABELS. Email, export and deletion kinds are recorded by the features that do those.
 */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-passkey',
  'two-factor-failed',
  'two-factor-on',
  'two-factor-off',
  'recovery-codes-renewed',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'session-ended',
  'other-sessions-ended',
  'password-changed',
  'email-change-requested',
  'email-changed',
  'export-requested',
  'deletion-requested',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  'sign-in': 'Signed in',
  'sign-in-passkey': 'Signed in with a passkey',
  'two-factor-failed': 'Wrong two-factor code at sign-in',
  'two-factor-on': 'Two-factor authentication turned on',
  'two-factor-off': 'Two-factor authentication turned off',
  'recovery-codes-renewed': 'New recovery codes made',
  'recovery-code-used': 'Signed in with a recovery code',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'session-ended': 'Signed out a session',
  'other-sessions-ended': 'Signed out everywhere else',
  'password-changed': 'Password changed',
  'email-change-requested': 'Email change requested',
  'email-changed': 'Email address changed',
  'export-requested': 'Data export requested',
  'deletion-requested': 'Account deletion requested',
};

/** What a session or an event shows of the network: IPv4 to its /16 ("203.0.x.x"), IPv6 to its /32 ("2001:db8::/32"). */
export function ipHint(address: string | undefined): string {
  const ip = (address ?? '').trim().replace(/^::ffff:(?=\d+\.)/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0].split(':').filter(Boolean);
    const head = [...groups, '0', '0'].slice(0, 2).map((g) => g.toLowerCase());
    return `${head.join(':')}::/32`;
  }
  return 'unknown';
}

/** A TOTP code: six digits (spaces ignored). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes made at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes in a row before the second step answers 429, and for how long. */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_LOCK_MINUTES = 15;
/** The second step's token, and WebAuthn challenges, last this long. */
export const STEP_TOKEN_MINUTES = 5;
export const CHALLENGE_MINUTES = 5;
/** Adding or removing a passkey needs a password or passkey proven this recently on the session. */
export const REAUTH_MINUTES = 5;
/** Passkeys a member may have. */
export const MAX_PASSKEYS = 20;

/** A recovery code as typed, reduced to what is compared: letters and digits, lower case. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export const SECURITY_MESSAGES = {
  staffTwoFactor: 'Two-factor authentication is required for your role',
  badCode: 'That code is not valid. Check your authenticator app and try again.',
  lockedOut: 'Too many wrong codes. Please wait 15 minutes and try again.',
  reauth: 'Please confirm it is you (password or passkey) before changing your passkeys',
  wrongPassword: 'Your password is not correct',
  passkeyFailed: 'That passkey could not be verified. Please try again.',
  sessionNotFound: 'Session not found',
  passkeyNotFound: 'Passkey not found',
} as const;
