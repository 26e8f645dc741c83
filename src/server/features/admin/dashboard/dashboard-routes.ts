import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope.js';
import { dashboard } from './dashboard.js';
import { listModerationLog } from '../../moderation/index.js';
import { dashboardSchema } from '../../../../shared/schemas/admin/admin-dashboard.js';
import { moderationLogPageSchema, moderationLogQuerySchema } from '../../../../shared/schemas/admin/moderation-log.js';
import { replies } from '../../../../shared/schemas/envelope.js';

export async function adminDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/admin/dashboard', { schema: { tags: ['admin'], security: [{ bearer: [] }], response: replies(dashboardSchema) } }, async () =>
    ok(await dashboard(db)),
  );

  app.get(
    '/admin/moderation-log',
    { schema: { tags: ['admin'], querystring: moderationLogQuerySchema, security: [{ bearer: [] }], response: replies(moderationLogPageSchema) } },
    async (request) => ok(await listModerationLog(db, request.query.page, request.query.limit)),
  );
}
