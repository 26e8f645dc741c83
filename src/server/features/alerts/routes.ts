import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertCreateSchema,
  alertListSchema,
  alertReplySchema,
  alertTokenQuerySchema,
  type AlertUnsubscribe,
  alertUnsubscribeSchema,
  alertUpdateSchema,
} from '../../../shared/schemas/members/alerts.js';
import { deletedSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { createAlert, deleteAlert, unsubscribeAlert, updateAlert } from './commands.js';
import { type AlertRow, presentAlert } from './presenter.js';
import { alertOfUnsubscribeToken, listAlerts } from './queries.js';

const LOGIN_FOR_ALERTS = 'Please log in to manage your alerts';

const unsubscribeView = (a: AlertRow): AlertUnsubscribe => ({ alert: { id: a.id, query: a.query, paused: a.paused === 1 } });

/** Keyword alerts (docs/notes/alerts.md): a member's alerts, and the mails' unsubscribe link. */
export async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const member = { onRequest: signedIn(LOGIN_FOR_ALERTS) };
  const security = [{ bearer: [] }];

  // RFC 8058: a mail client's one-click POST sends `List-Unsubscribe=One-Click` as a form; the body is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.get(
    '/alerts',
    { schema: { tags: ['alerts'], summary: "The member's alerts, newest first: data.alerts", security, response: replies(alertListSchema) }, ...member },
    async (request) => {
      const user = requireUser(request);
      return ok({ alerts: (await listAlerts(db, user.id)).map((a) => presentAlert(a, config)) });
    },
  );

  app.post(
    '/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Create an alert (at most 25 a member): data.alert',
        body: alertCreateSchema,
        security,
        response: replies(alertReplySchema, 201),
      },
      ...member,
      config: { ...rateLimit(app, 'alertWrite'), softWrite: 'own' },
    },
    async (request, reply) => {
      const alert = await createAlert(app.deps, requireUser(request).id, request.body);
      return reply.status(201).send(ok({ alert: presentAlert(alert, config) }));
    },
  );

  app.put(
    '/alerts/:id',
    {
      schema: {
        tags: ['alerts'],
        summary: "Change any of an alert's fields (null clears a filter): data.alert",
        params: idParamsSchema,
        body: alertUpdateSchema,
        security,
        response: replies(alertReplySchema),
      },
      ...member,
      config: { ...rateLimit(app, 'alertWrite'), softWrite: 'own' },
    },
    async (request) => {
      const alert = await updateAlert(app.deps, requireUser(request).id, request.params.id, request.body);
      return ok({ alert: presentAlert(alert, config) });
    },
  );

  app.delete(
    '/alerts/:id',
    {
      schema: { tags: ['alerts'], summary: 'Delete an alert: data { id, deleted: true }', params: idParamsSchema, security, response: replies(deletedSchema) },
      ...member,
      config: { ...rateLimit(app, 'alertWrite'), softWrite: 'own' },
    },
    async (request) => {
      await deleteAlert(app.deps, requireUser(request).id, request.params.id);
      return ok({ id: request.params.id, deleted: true });
    },
  );

  // The mails' unsubscribe link: no sign-in (the signed token is the permission), and no bearer token is even read.
  // logLevel warn: the request lines (whose URL carries the token) are not logged.
  app.get(
    '/alerts/unsubscribe',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Which alert an unsubscribe token would stop, without changing it: data.alert { id, query, paused }',
        querystring: alertTokenQuerySchema,
        response: replies(alertUnsubscribeSchema),
      },
      config: { access: 'public', ...rateLimit(app, 'alertUnsubscribe') },
      logLevel: 'warn',
    },
    async (request) => ok(unsubscribeView(await alertOfUnsubscribeToken(db, config.jwtSecret, request.query.token))),
  );

  app.post(
    '/alerts/unsubscribe',
    {
      schema: {
        tags: ['alerts'],
        summary: 'One-click unsubscribe (RFC 8058): pauses the alert: data.alert { id, query, paused: true }',
        querystring: alertTokenQuerySchema,
        response: replies(alertUnsubscribeSchema),
      },
      config: { access: 'public', ...rateLimit(app, 'alertUnsubscribe') },
      logLevel: 'warn',
    },
    async (request) => ok(unsubscribeView(await unsubscribeAlert(app.deps, request.query.token))),
  );
}
