import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { isAdmin, isStaff } from '../../shared/domain/access/roles.js';
import { SECURITY_MESSAGES } from '../../shared/domain/members/account-security.js';
import { sql } from 'kysely';
import { compiledOnce } from '../db/statements/compiled-once.js';
import type { Db } from '../db/connection.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import type { SessionCache } from './read-cache/session-cache.js';

/**
 * Who may call a route, beyond what its handler checks (route `config.access`):
 * - 'public': the bearer token is not even read (login, register, the verification link), so a stale or unverified
 *   token never gets in the way of signing in or up;
 * - 'account': an account whose email is not verified yet is signed in here (GET /auth/me, POST /auth/resend-verification);
 * - unset: only verified accounts are signed in; writes by an unverified account are refused on request.
 * - 'staff': like unset, and a back-office route under /api/admin that moderators may call too (the report
 *   queue, a deal's votes); it gets the moderator check instead of the admin one.
 */
export type RouteAccess = 'public' | 'account' | 'staff';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user: a valid bearer token of an account whose email is verified (or any account on 'account' routes). */
    user: UserRow | null;
    /** True when a token was sent but was invalid, expired or revoked. */
    authFailed: boolean;
    /** The account of a valid token whose email is not verified yet (then `user` is null outside 'account' routes). */
    unverifiedUser: UserRow | null;
    /** The session row of the token (null for a token from before sessions: see docs/notes/account-security.md). */
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const VERIFY_EMAIL_FIRST = 'Please verify your email address before continuing.';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The back office (SPEC §6: dashboard, deals, categories, stores, users, scrapers, localize images, AI helpers) is for
 * administrators only, whichever plugin registers the route.
 */
export const isAdminAreaUrl = (url: string) => /^\/api\/(admin|ai)(\/|$)/.test(url);

/**
 * Resolves the bearer token on every request. A bad token on a public route is treated as a visitor (so a stale token
 * never blocks browsing); routes that need a user answer 401, and the client drops the token.
 *
 * An account whose email is not verified yet (its registration token) is signed in only on 'account' routes. Elsewhere
 * it browses as a visitor, is told to verify (403) where an account is needed, and any write is refused with that 403
 * here, on request, before the body is read (ARCHITECTURE §7).
 *
 * Every route under /api/admin and /api/ai gets an admin check as its first onRequest hook, so a visitor hears 401 and
 * anyone else 403 before the request is validated, whatever they sent (a 400 would tell an outsider what the route wants).
 *
 * With `sessions` (read-cache/session-cache.ts) the token's signature check and the user row are remembered briefly: reads
 * reuse a row until any write moves the write generation (here and, with REDIS_URL, on every process), so a revoked
 * token, a role change or a verification still counts from the next request on.
 */
export function registerAuth(app: FastifyInstance, opts: { sessions?: SessionCache } = {}) {
  const { sessions } = opts;
  const verify = (token: string) => app.deps.tokens.verify(token);
  app.decorateRequest('user', null);
  app.decorateRequest('authFailed', false);
  app.decorateRequest('unverifiedUser', null);
  app.decorateRequest('session', null);
  const touched = new Map<number, number>();

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isAdminAreaUrl(route.url)) return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [route.config?.access === 'staff' ? staffAreaGuard : adminAreaGuard, ...hooks];
  });

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const access = request.routeOptions.config?.access;
    if (access === 'public') return;
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) {
      request.authFailed = true;
      return;
    }
    const token = match[1].trim();
    const claims = sessions ? await sessions.claims(token, verify) : await verify(token);
    if (!claims) {
      request.authFailed = true;
      return;
    }
    const sid = claims.sessionId;
    // With a session, the user's and the session's rows come in one query whichever of them is not cached (a write
    // reads both fresh: read-cache/session-cache.ts), one round trip fewer per request on PostgreSQL.
    let both: Promise<{ user?: UserRow; session?: SessionRow }> | undefined;
    const loadBoth = (id: number) => (both ??= userAndSession(app.deps.db, claims.userId, id));
    const load = sid === undefined ? async () => (await userById(app.deps.db, claims.userId))[0] : async () => (await loadBoth(sid)).user;
    const user = sessions ? await sessions.user(request, claims.userId, load) : await load();
    if (!user || user.token_version !== claims.version) {
      request.authFailed = true;
      return;
    }
    if (sid !== undefined) {
      const loadSession = async () => (await loadBoth(sid)).session;
      const session = sessions ? await sessions.session(request, claims.userId, sid, loadSession) : await loadSession();
      const now = new Date();
      if (!session || session.user_id !== user.id || session.expires_at <= now.toISOString()) {
        request.authFailed = true;
        return;
      }
      request.session = session;
      await touchSession(app, touched, session, now);
    }
    if (user.email_verified_at || access === 'account') {
      request.user = user;
      if (staffTwoFactorMissing(request, user)) withoutTeamPowers.add(user);
      return;
    }
    request.unverifiedUser = user;
    if (!READ_METHODS.has(request.method)) throw forbidden(VERIFY_EMAIL_FIRST);
  });
}

/**
 * Every column of a user's and of a session's row, named (the records' types keep the lists complete): a kept
 * PostgreSQL statement must not read `*` (db/statements/prepared.ts isKeyedStatement). A session's are read as
 * `session__<column>` beside the user's.
 */
const USER_COLUMNS = Object.keys({
  id: true,
  username: true,
  username_key: true,
  email: true,
  password_hash: true,
  role: true,
  avatar: true,
  bio: true,
  email_verified_at: true,
  token_version: true,
  two_factor_enabled_at: true,
  created_at: true,
  updated_at: true,
  deleted_at: true,
} satisfies Record<keyof UserRow, true>) as (keyof UserRow)[];

const SESSION_COLUMNS = Object.keys({
  id: true,
  user_id: true,
  method: true,
  browser: true,
  ip_hint: true,
  created_at: true,
  last_used_at: true,
  authenticated_at: true,
  expires_at: true,
} satisfies Record<keyof SessionRow, true>) as (keyof SessionRow)[];

const PREFIX = 'session__';

const userById = compiledOnce((db, userId: number) => db.kysely.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId));

const userWithSession = compiledOnce((db, userId: number, sessionId: number) =>
  db.kysely
    .selectFrom('users as u')
    .leftJoin('sessions as s', (join) => join.on('s.id', '=', sessionId))
    .select(USER_COLUMNS.map((c) => `u.${c}` as const))
    .select(SESSION_COLUMNS.map((c) => sql.ref(`s.${c}`).as(`${PREFIX}${c}`)))
    .where('u.id', '=', userId),
);

/** A user's row and a session's (of anyone: the caller checks whose it is), each absent when it does not exist. */
async function userAndSession(db: Db, userId: number, sessionId: number): Promise<{ user?: UserRow; session?: SessionRow }> {
  const [row] = (await userWithSession(db, userId, sessionId)) as Array<Record<string, unknown>>;
  if (!row) return {};
  const user: Record<string, unknown> = {};
  const session: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(PREFIX)) session[key.slice(PREFIX.length)] = value;
    else user[key] = value;
  }
  return { user: user as UserRow, session: session.id === null ? undefined : (session as SessionRow) };
}

/** How often a session's last_used_at is written at most: an approximate time, never a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** Moves a session's last_used_at when it is more than a minute old (remembered here too: the cached row stays old). */
async function touchSession(app: FastifyInstance, touched: Map<number, number>, session: SessionRow, now: Date) {
  const last = Math.max(Date.parse(session.last_used_at), touched.get(session.id) ?? 0);
  if (now.getTime() - last < TOUCH_EVERY_MS) return;
  if (touched.size >= 10_000) touched.clear();
  touched.set(session.id, now.getTime());
  await app.deps.db.kysely.updateTable('sessions').set({ last_used_at: now.toISOString() }).where('id', '=', session.id).execute();
}

/** The signed-in user, else 403 for an account that must verify its email first, else 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (request.user) return request.user;
  if (request.unverifiedUser) throw forbidden(VERIFY_EMAIL_FIRST);
  throw unauthorized(request.authFailed ? 'Your session has expired. Please sign in again.' : 'Authentication required');
}

/** The signed-in user when the rule allows them (shared/domain/access/permissions.ts), else 401 (no user) or 403. */
export function requireAllowed(request: FastifyRequest, allowed: (user: UserRow) => boolean): UserRow {
  const user = requireUser(request);
  if (!allowed(user)) throw forbidden();
  // REQUIRE_STAFF_2FA: what only the role allows (a member would be refused) waits for two-factor sign-in to be on.
  if (staffTwoFactorMissing(request, user) && !allowed({ ...user, role: 'user' })) throw forbidden(SECURITY_MESSAGES.staffTwoFactor);
  return user;
}

/** True when REQUIRE_STAFF_2FA is on and this staff account has not set up two-factor sign-in yet. */
export function staffTwoFactorMissing(request: FastifyRequest, user: UserRow): boolean {
  return request.server.deps.config.requireStaffTwoFactor && isStaff(user) && !user.two_factor_enabled_at;
}

/**
 * The signed-in staff accounts whose role's powers wait for two-factor sign-in (REQUIRE_STAFF_2FA), marked when the
 * token is read. Policies deep in a feature have the account but not the request: assertTeamPower asks here.
 */
const withoutTeamPowers = new WeakSet<UserRow>();

/**
 * A power the role alone gives (the team's edit or delete of someone else's deal, comment or voucher, an administrator's
 * change of another's profile) on a route members use too: 403 while REQUIRE_STAFF_2FA waits for this account's
 * two-factor sign-in, as every /api/admin route answers. What the account may do as a member is never asked here.
 */
export function assertTeamPower(user: UserRow): void {
  if (withoutTeamPowers.has(user)) throw forbidden(SECURITY_MESSAGES.staffTwoFactor);
}

export const requireAdmin = (request: FastifyRequest) => requireAllowed(request, isAdmin);
export const requireModerator = (request: FastifyRequest) => requireAllowed(request, isStaff);

/** onRequest hook: moderators and administrators (401 visitor, 403 anyone else), before the request is validated. */
export const staffAreaGuard: onRequestHookHandler = async (request) => {
  requireModerator(request);
};

/** onRequest hook: administrators only (401 visitor, 403 anyone else), before the request is validated. */
export const adminAreaGuard: onRequestHookHandler = async (request) => {
  requireAdmin(request);
};
