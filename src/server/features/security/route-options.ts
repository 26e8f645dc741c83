import type { FastifyInstance, FastifySchema } from 'fastify';
import { signedIn } from '../../plugins/guards.js';
import { type RateLimitName, rateLimit } from '../../plugins/rate-limits.js';

/**
 * The options every account security route shares (docs/notes/account-security.md), so each route states only its
 * summary and shapes:
 * - `member`: a member's own settings (sessions, two-factor, passkeys, re-authentication), under the 'account' tag,
 *   with the bearer token, for a signed-in caller, held by the accountSecurity limit unless `limited: false` (the
 *   plain reads of the sessions and activity lists);
 * - `signIn`: a public sign-in step under the 'auth' tag, held per client by its own limit.
 */
export function securityRouteOptions(app: FastifyInstance) {
  const onRequest = signedIn();
  const limited = rateLimit(app, 'accountSecurity');
  return {
    member: <S extends FastifySchema>(schema: S, opts: { limited?: boolean } = {}) => ({
      schema: { tags: ['account'], security: [{ bearer: [] }], ...schema },
      onRequest,
      ...(opts.limited === false ? {} : { config: limited }),
    }),
    signIn: <S extends FastifySchema>(limit: RateLimitName, schema: S) => ({
      schema: { tags: ['auth'], ...schema },
      config: { access: 'public' as const, ...rateLimit(app, limit) },
    }),
  };
}
