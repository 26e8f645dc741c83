import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dealIdParamsSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import {
  openReportCountSchema,
  REPORT_MESSAGES,
  reportCreatedSchema,
  reportCreateSchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
  reportResolvedSchema,
  reportResolveSchema,
} from '../../../shared/schemas/admin/reports.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { requireAllowed, requireUser } from '../../plugins/auth.js';
import { signedIn, staffRoute } from '../../plugins/guards.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import { createReport, resolveReports } from './commands.js';
import { mayWorkReportQueue } from './policy.js';
import { openReportCount, reportQueue } from './queries.js';

const security = [{ bearer: [] }];

/** Members report a deal (docs/notes/trust.md). Visitors are told to log in; unverified accounts are refused by the auth plugin. */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/deals/:id/reports',
    {
      schema: { tags: ['reports'], params: idParamsSchema, body: reportCreateSchema, security, response: replies(reportCreatedSchema, 201) },
      onRequest: signedIn(REPORT_MESSAGES.login),
      config: writeLimit(app, 'report'),
    },
    async (request, reply) => reply.status(201).send(ok(await createReport(deps, requireUser(request), request.params.id, request.body))),
  );
}

/**
 * The report queue: moderators and administrators. It lives under /api/admin for the web's back office, as staff
 * routes (plugins/guards.ts staffRoute: moderators let in, everyone else refused before anything is parsed).
 */
export async function adminReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const staff = staffRoute(app, mayWorkReportQueue);

  app.get(
    '/admin/reports',
    { schema: { tags: ['admin'], querystring: reportQueueQuerySchema, security, response: replies(reportQueuePageSchema) }, ...staff },
    async (request) => ok(await reportQueue(deps.db, request.query.status, request.query.page, request.query.limit)),
  );

  app.get('/admin/reports/count', { schema: { tags: ['admin'], security, response: replies(openReportCountSchema) }, ...staff }, async () =>
    ok(await openReportCount(deps.db)),
  );

  app.post(
    '/admin/reports/:dealId/resolve',
    {
      schema: { tags: ['admin'], params: dealIdParamsSchema, body: reportResolveSchema, security, response: replies(reportResolvedSchema) },
      ...staffRoute(app, mayWorkReportQueue, { action: true }),
    },
    async (request) =>
      ok(await resolveReports(deps, requireAllowed(request, mayWorkReportQueue), request.params.dealId, request.body.action, request.body.reason ?? null)),
  );
}
