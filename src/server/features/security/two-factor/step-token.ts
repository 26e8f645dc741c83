import { jwtVerify, SignJWT } from 'jose';
import { STEP_TOKEN_MINUTES } from '../../../../shared/domain/members/account-security.js';
import { derivedKey } from '../../../services/tokens.js';

/**
 * The second step's token: what the password step hands out when two-factor sign-in is on. Signed with a key of its
 * own (never a session token's key, so it cannot be used as one and a session token cannot be used here), with its
 * purpose, the account, the token version (a password change voids it) and 5 minutes of life.
 */
const PURPOSE = 'two-factor-sign-in';
const keyOf = (secret: string) => derivedKey(secret, 'two-factor-step-token');

export async function issueStepToken(secret: string, userId: number, version: number): Promise<string> {
  return new SignJWT({ pur: PURPOSE, ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${STEP_TOKEN_MINUTES * 60}s`)
    .sign(keyOf(secret));
}

/** The account and version of a valid step token, else null (forged, expired, another purpose). */
export async function readStepToken(secret: string, token: string): Promise<{ userId: number; version: number } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (payload.pur !== PURPOSE || !Number.isInteger(userId) || userId <= 0 || typeof payload.ver !== 'number') return null;
    return { userId, version: payload.ver };
  } catch {
    return null;
  }
}
