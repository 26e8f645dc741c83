import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '../../../shared/schemas/envelope.js';
import { suggestionsSchema, suggestQuerySchema } from '../../../shared/schemas/deals/search.js';
import { ok } from '../../http/envelope.js';
import { suggestions } from './queries.js';

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // The same for everyone: visitors are served from the anonymous read cache (/api/search/ is one of its prefixes).
  app.get('/search/suggest', { schema: { tags: ['search'], querystring: suggestQuerySchema, response: replies(suggestionsSchema) } }, async (request) =>
    ok(await suggestions(db, request.query.q)),
  );
}
