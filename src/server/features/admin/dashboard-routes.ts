import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { dashboard } from './dashboard.js';
import { listModerationLog } from './moderation-log-list.js';
import { moderationLogQuerySchema } from './schemas.js';

export async function adminDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db.kysely;

  app.get('/admin/dashboard', { schema: { tags: ['admin'], security: [{ bearer: [] }] } }, async () => ok(await dashboard(db)));

  app.get('/admin/moderation-log', { schema: { tags: ['admin'], querystring: moderationLogQuerySchema, security: [{ bearer: [] }] } }, async (request) =>
    ok(await listModerationLog(db, request.query.page, request.query.limit)),
  );
}
