import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/schemas/users.js';
import type { UserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when a valid bearer token came with the request. */
    user: UserRow | null;
    /** True when a token was sent but was invalid, expired or revoked. */
    authFailed: boolean;
  }
}

/**
 * Resolves the bearer token on every request. A bad token on a public route is treated as a visitor
 * (so a stale token never blocks browsing); routes that need a user answer 401, and the client drops the token.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('authFailed', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) {
      request.authFailed = true;
      return;
    }
    const claims = await app.deps.tokens.verify(match[1].trim());
    if (!claims) {
      request.authFailed = true;
      return;
    }
    const user = await app.deps.db.kysely.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    if (!user || user.token_version !== claims.version) {
      request.authFailed = true;
      return;
    }
    request.user = user;
  });
}

/** The signed-in user or a 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(request.authFailed ? 'Your session has expired. Please sign in again.' : 'Authentication required');
  return request.user;
}

export const isAdmin = (user: UserRow | null | undefined) => user?.role === 'admin';
export const isModerator = (user: UserRow | null | undefined) => user?.role === 'moderator' || user?.role === 'admin';

/** The signed-in user having one of the roles, else 401 (no user) or 403. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role as Role)) throw forbidden();
  return user;
}

export const requireAdmin = (request: FastifyRequest) => requireRole(request, 'admin');
export const requireModerator = (request: FastifyRequest) => requireRole(request, 'admin', 'moderator');
