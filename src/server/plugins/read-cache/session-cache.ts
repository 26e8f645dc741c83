import type { FastifyRequest } from 'fastify';
import type { SessionRow, UserRow } from '../../db/schema.js';
import type { TokenClaims } from '../../services/tokens.js';
import type { WriteGeneration } from './anonymous-cache.js';

/**
 * What the auth hook (plugins/auth.ts) would otherwise do on every signed-in request: verify the bearer token's
 * signature and SELECT the user. Both are remembered briefly, so a member's read costs what a visitor's does.
 *
 * - Tokens: a token whose signature was verified once maps to its claims until the token's own `exp` (the claims of a
 *   token never change; revocation is the user row's token_version, checked on every request). Tokens that fail are
 *   not remembered, so junk cannot fill the map.
 * - Users: a row is reused only while the write generation it was read under is still current. That generation is the
 *   anonymous read cache's (anonymous-cache.ts): every successful API write moves it before its response leaves,
 *   locally and, with REDIS_URL, in Redis (infra/cache-generation.ts), so every process sees it on its next request.
 *   Every change to an account goes through such a write (a password change or reset bumps token_version, role
 *   changes and profile edits are admin or member writes), so the next request after it, on any process, reads the
 *   row again: revocation and role changes (and any ban or deletion made the same way) take effect at once. A generation of its own for users would
 *   need every command that touches a user to announce it, and one forgotten would leave a revoked token working;
 *   the shared one costs only a re-read of the row after any write, which is what every request paid before.
 *   The exceptions are covered separately: email verification is a GET (the link), so rows of unverified accounts
 *   are never cached; writes (POST, PUT, PATCH, DELETE) always read the row fresh, as they act on it (role checks,
 *   the account's age in vote weighting); and changes made outside a request (a script on the database) are bounded
 *   by the TTL, or made exact with invalidateAnonymousReads(app), which moves the same generation.
 * - Redis away (the shared generation cannot be read): rows are not cached, every request reads the database.
 * Rows are handed out as copies, so a handler that changes its request.user cannot change anyone else's.
 */
export interface SessionCacheOptions {
  generation: Pick<WriteGeneration, 'generation' | 'sharedGeneration'>;
  /** How long a user row is reused at most (changes made outside a request). */
  userTtlMs?: number;
  maxUsers?: number;
  /** How long a verified token is remembered at most (never past its expiry). */
  tokenTtlMs?: number;
  maxTokens?: number;
}

export interface SessionCache {
  /** The claims of a valid token (verified by `verify` unless seen already), else null. */
  claims(token: string, verify: (token: string) => Promise<TokenClaims | null>): Promise<TokenClaims | null>;
  /** The user row for a request, from the cache when still current (reads on safe methods only), else from `load`. */
  user(request: FastifyRequest, userId: number, load: () => Promise<UserRow | undefined>): Promise<UserRow | undefined>;
  /**
   * The session row of a token's `sid`, under the same rule as user rows: ending a session is an API write (DELETE, or
   * a password change), which moves the shared generation, so the next request on any process reads it again and
   * answers 401. A missing row is never remembered.
   */
  /** The session row for a request of `userId` (from the cache when still current, reads on safe methods only), else from `load`. */
  session(request: FastifyRequest, userId: number, sessionId: number, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined>;
  clear(): void;
  readonly stats: { tokenHits: number; userHits: number; userLoads: number };
}

interface RowEntry {
  row: UserRow | SessionRow;
  expires: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The `exp` of a JWT already verified, in ms, or undefined. */
function expiryMs(token: string): number | undefined {
  try {
    const exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes the oldest entries (insertion order) until there is room for one more. */
function makeRoom<K, V>(map: Map<K, V>, max: number) {
  while (map.size >= max) map.delete(map.keys().next().value as K);
}

export function createSessionCache(opts: SessionCacheOptions): SessionCache {
  const userTtlMs = opts.userTtlMs ?? 10_000;
  const maxUsers = opts.maxUsers ?? 10_000;
  const tokenTtlMs = opts.tokenTtlMs ?? 10 * 60_000;
  const maxTokens = opts.maxTokens ?? 20_000;
  const gen = opts.generation;
  const tokens = new Map<string, { claims: TokenClaims; expires: number }>();
  // User rows (`u<id>`) and session rows (`s<id>`).
  const users = new Map<string, RowEntry>();
  // The generation the cached rows were read under; when either part moves, they all go.
  let usersGeneration = gen.generation;
  let usersShared: string | undefined;
  const stats = { tokenHits: 0, userHits: 0, userLoads: 0 };

  async function cached<T extends UserRow | SessionRow>(
    request: FastifyRequest,
    key: string,
    load: () => Promise<T | undefined>,
    keep: (row: T) => boolean,
    memberId: number,
  ): Promise<T | undefined> {
    if (!SAFE_METHODS.has(request.method)) return load();
    // With the member's id: the same shared read as the read cache's for this member (one round trip per request).
    const shared = await gen.sharedGeneration(request, memberId);
    if (shared === undefined) return load();
    if (usersGeneration !== gen.generation || usersShared !== shared) {
      users.clear();
      usersGeneration = gen.generation;
      usersShared = shared;
    }
    const hit = users.get(key);
    if (hit && hit.expires > Date.now()) {
      stats.userHits++;
      return { ...(hit.row as T) };
    }
    const started = gen.generation;
    stats.userLoads++;
    const row = await load();
    // Not stored: a row read while a write went through (it may predate the write), one `keep` refuses, or a row of
    // another shared generation than the cache's now.
    if (row && keep(row) && started === gen.generation && usersGeneration === started && usersShared === shared) {
      users.delete(key);
      makeRoom(users, maxUsers);
      users.set(key, { row: { ...row }, expires: Date.now() + userTtlMs });
    }
    return row;
  }

  return {
    async claims(token, verify) {
      const now = Date.now();
      const hit = tokens.get(token);
      if (hit) {
        if (hit.expires > now) {
          stats.tokenHits++;
          return hit.claims;
        }
        tokens.delete(token);
      }
      const claims = await verify(token);
      if (!claims) return null;
      const exp = expiryMs(token);
      if (exp !== undefined && exp > now) {
        makeRoom(tokens, maxTokens);
        tokens.set(token, { claims, expires: Math.min(exp, now + tokenTtlMs) });
      }
      return claims;
    },

    user(request, userId, load) {
      // Rows of unverified accounts are not kept: their verification is a GET and must show at once.
      return cached(request, `u${userId}`, load, (row) => !!row.email_verified_at, userId);
    },

    session(request, userId, sessionId, load) {
      return cached(request, `s${sessionId}`, load, () => true, userId);
    },

    clear() {
      tokens.clear();
      users.clear();
    },
    stats,
  };
}
