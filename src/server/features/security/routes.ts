import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REAUTH_MINUTES, SECURITY_MESSAGES } from '../../../shared/domain/members/account-security.js';
import {
  endOthersSchema,
  reauthenticatedSchema,
  reauthenticateSchema,
  securityActivityQuerySchema,
  securityActivitySchema,
  sessionListSchema,
  webauthnOptionsSchema,
} from '../../../shared/schemas/members/account-security.js';
import { deletedSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { forbidden, HttpError } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { verifyPassword } from '../../services/passwords.js';
import { securityEventsPage } from './activity/events.js';
import { authenticationOptions, verifyPasskey } from './passkeys/commands.js';
import { presentEvent, presentSession } from './presenter.js';
import { securityRouteOptions } from './route-options.js';
import { endOtherSessions, endSession, markReauthenticated, sessionsOf } from './sessions/sessions.js';

/** Where you're signed in, the security activity list, and re-authentication (docs/notes/account-security.md). */
export async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.db.kysely;
  const { member } = securityRouteOptions(app);

  app.get(
    '/account/sessions',
    member({ summary: "The member's sessions, newest first, the current one marked", response: replies(sessionListSchema) }, { limited: false }),
    async (request) => {
      const user = requireUser(request);
      const current = request.session?.id;
      return ok({ sessions: (await sessionsOf(db, user.id)).map((s) => presentSession(s, current)), currentIsOlderSignIn: current === undefined });
    },
  );

  app.delete(
    '/account/sessions/:id',
    member({ summary: 'Ends one of the member’s sessions (its token answers 401 at once)', params: idParamsSchema, response: replies(deletedSchema) }),
    async (request) => {
      await endSession(db, requireUser(request), request.params.id, request);
      return ok({ id: request.params.id, deleted: true as const });
    },
  );

  app.post(
    '/account/sessions/end-others',
    member({ summary: 'Sign out everywhere else: the caller carries on with the fresh token returned', response: replies(endOthersSchema) }),
    async (request) => ok(await endOtherSessions(deps, requireUser(request), request)),
  );

  app.get(
    '/account/security-activity',
    member(
      { summary: 'The security activity list, newest first', querystring: securityActivityQuerySchema, response: replies(securityActivitySchema) },
      { limited: false },
    ),
    async (request) => {
      const { page, limit } = request.query;
      const result = await securityEventsPage(db, requireUser(request).id, page, limit);
      return ok({ events: result.rows.map(presentEvent), totalCount: result.totalCount, page, totalPages: result.totalPages });
    },
  );

  app.post(
    '/account/reauthenticate/options',
    member({ summary: 'WebAuthn options to confirm it is you with one of your passkeys', response: replies(webauthnOptionsSchema) }),
    async (request) => ok({ options: await authenticationOptions(deps, 'confirm', requireUser(request)) }),
  );

  app.post(
    '/account/reauthenticate',
    member({
      summary: `Confirms it is you (password or passkey): passkeys may be added or removed for ${REAUTH_MINUTES} minutes`,
      body: reauthenticateSchema,
      response: replies(reauthenticatedSchema),
    }),
    async (request) => {
      const user = requireUser(request);
      if (!request.session) throw forbidden('Please sign in again to change your security settings');
      if (request.body.password !== undefined) {
        if (!(await verifyPassword(user.password_hash, request.body.password)))
          throw new HttpError(400, SECURITY_MESSAGES.wrongPassword, { field: 'password' });
      } else if (request.body.response) {
        await verifyPasskey(deps, 'confirm', request.body.response, user);
      }
      await markReauthenticated(db, request.session);
      return ok({ until: new Date(Date.now() + REAUTH_MINUTES * 60_000).toISOString() });
    },
  );
}
