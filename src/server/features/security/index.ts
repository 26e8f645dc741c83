import type { FastifyInstance } from 'fastify';
import { passkeyRoutes } from './passkeys/routes.js';
import { sessionRoutes } from './routes.js';
import { twoFactorRoutes } from './two-factor/routes.js';

/**
 * Account security (docs/notes/account-security.md): sessions, two-factor sign-in, passkeys, the security activity list.
 * - recordSecurityEvent: any feature records an event of SECURITY_EVENT_KINDS (shared/domain/members/account-security.ts) for a
 *   member, with the request it came with (browser and coarse IP hint are taken from it);
 * - startSession: auth's sign-in makes a session row and its token;
 * - issueStepToken: auth's password step when two-factor sign-in is on;
 * - endSessionsAfterPasswordChange: a password change or reset ends the other sessions and records it;
 * - endAllSessions: every session of an account goes (a deleted account, a password reset);
 * - assertSecondFactor: a current code or an unused recovery code when two-factor is on (deleting an account).
 */
export { recordSecurityEvent } from './activity/events.js';
export { endAllSessions, endSessionsAfterPasswordChange, startSession } from './sessions/sessions.js';
export { issueStepToken } from './two-factor/step-token.js';
export { assertSecondFactor } from './two-factor/commands.js';

export async function securityRoutes(app: FastifyInstance) {
  for (const routes of [sessionRoutes, twoFactorRoutes, passkeyRoutes]) await app.register(routes);
}
