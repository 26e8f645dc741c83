import type { Kysely } from 'kysely';
import { CHALLENGE_MINUTES } from '../../../../shared/domain/members/account-security.js';
import type { Database } from '../../../db/schema.js';

/**
 * WebAuthn's relying party, from PUBLIC_URL: its host is the RP id, its origin the only origin accepted. A passkey is
 * bound to the RP id, so moving the site to another host leaves the old passkeys unusable (docs/deploy.md).
 * Browsers refuse an IP address as an RP id, so a loopback PUBLIC_URL (127.0.0.1, [::1]: a local run) is taken as
 * `localhost` on the same port: passkeys work there when the site is opened as http://localhost:<port>.
 */
export function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin, rpName: 'QuidsIn' };
}

export type ChallengePurpose = 'register' | 'sign-in' | 'confirm';

/**
 * Challenges are kept in the database (so the process that checks the answer need not be the one that asked), each
 * for one purpose (and one member, but for a sign-in), single use and CHALLENGE_MINUTES long.
 */
export async function saveChallenge(db: Kysely<Database>, challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<void> {
  const now = new Date();
  // Old challenges go on the way; the expiry index keeps this cheap.
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
    })
    .execute();
}

/** The challenge a browser's answer signed (from its clientDataJSON), or null when the answer is not readable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 128 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Takes the challenge when it was handed out for this purpose (and member) and is still fresh: true at most once. */
export async function consumeChallenge(db: Kysely<Database>, challenge: string, purpose: ChallengePurpose, userId: number | null): Promise<boolean> {
  let del = db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', new Date().toISOString());
  del = userId === null ? del.where('user_id', 'is', null) : del.where('user_id', '=', userId);
  const result = await del.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
