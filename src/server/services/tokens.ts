import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Session tokens: HS256 JWTs carrying the user id, the user's token version (bumped on password change) and the id of
 * the session row (`sid`, docs/notes/account-security.md). Tokens issued before sessions existed have no `sid`: they
 * are accepted until they expire and end with the next token version.
 */
export interface TokenClaims {
  userId: number;
  version: number;
  sessionId?: number;
}

export function createTokenService(secret: string, ttlSeconds: number) {
  // A KeyObject made once: given raw bytes, jose would import the key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(claims: TokenClaims): Promise<string> {
      return new SignJWT(claims.sessionId === undefined ? { ver: claims.version } : { ver: claims.version, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || userId <= 0) return null;
        const version = typeof payload.ver === 'number' ? payload.ver : -1;
        if (payload.sid === undefined) return { userId, version };
        if (typeof payload.sid !== 'number' || !Number.isInteger(payload.sid) || payload.sid <= 0) return null;
        return { userId, version, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

const derivedKeys = new Map<string, Buffer>();

/**
 * A key of its own for one purpose (alert links, stream tickets), derived from the server's secret by an HMAC of a
 * fixed label: a MAC made with it is never a session-token MAC, and no second secret has to be kept. Kept once made.
 */
export function derivedKey(secret: string, label: string): Buffer {
  const id = `${label}\n${secret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = createHmac('sha256', secret).update(label).digest();
    derivedKeys.set(id, key);
  }
  return key;
}
