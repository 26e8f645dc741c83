import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicModerationLogQuerySchema } from '../../../shared/schemas/reports.js';
import { publicLogPageSchema, replies } from '../../../shared/schemas/responses.js';
import { ok } from '../../http/envelope.js';
import { publicModerationLog } from './public-log.js';

/** The public moderation log (issue 13): anyone may read what the team did and why. */
export async function moderationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/moderation-log', { schema: { tags: ['moderation'], querystring: publicModerationLogQuerySchema, response: replies(publicLogPageSchema) } }, async (request) =>
    ok(await publicModerationLog(db, request.query.page, request.query.pageSize)),
  );
}
