import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicLogPageSchema, publicModerationLogQuerySchema } from '../../../shared/schemas/admin/moderation-log.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { publicModerationLog } from './public-log.js';

/** The public moderation log (docs/notes/trust.md): anyone may read what the team did and why. */
export async function moderationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/moderation-log',
    { schema: { tags: ['moderation'], querystring: publicModerationLogQuerySchema, response: replies(publicLogPageSchema) } },
    async (request) => ok(await publicModerationLog(db, request.query.page, request.query.pageSize)),
  );
}
