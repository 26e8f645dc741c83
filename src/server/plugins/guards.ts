import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.js';
import type { UserRow } from '../db/schema.js';
import { adminAreaGuard, requireAllowed, requireUser } from './auth.js';
import { rateLimit } from './rate-limits.js';

/**
 * Route onRequest hooks: the caller is turned away before the body is validated, so a visitor always hears
 * "please log in" (SPEC §5 Access rules) rather than a complaint about the payload. The rules themselves are the
 * requireUser family of plugins/auth.ts.
 */

/** Signed-in (and verified) users only; `message` is the spec's wording for a visitor (e.g. 'Please log in to vote'). */
export const signedIn = (message?: string) => async (request: FastifyRequest) => {
  if (request.user) return;
  if (message && !request.authFailed && !request.unverifiedUser) throw unauthorized(message);
  requireUser(request);
};

/** Whoever a feature's policy allows (features/<resource>/policy.ts): 401 for a visitor, 403 for anyone else. */
export const allowedOnly = (allowed: (user: UserRow) => boolean) => async (request: FastifyRequest) => {
  requireAllowed(request, allowed);
};

/**
 * A back-office route (under /api/admin) the team below administrators may use too: `access: 'staff'` lets
 * moderators past the auth plugin's back-office guard, and `allowed` is checked before anything is parsed (visitor
 * 401, member 403). A team action (`action`) also takes the moderation rate limit.
 */
export const staffRoute = (app: FastifyInstance, allowed: (user: UserRow) => boolean, { action = false } = {}) => ({
  onRequest: allowedOnly(allowed),
  config: { access: 'staff' as const, ...(action ? rateLimit(app, 'moderation') : {}) },
});

/** Administrators only (routes under /api/admin and /api/ai get this on their own, see registerAuth). */
export const adminsOnly = adminAreaGuard;
