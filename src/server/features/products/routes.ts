import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { duplicatesQuerySchema, duplicatesResultSchema, priceHistorySchema } from '../../../shared/schemas/deals/products.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { assertCanView } from '../deals/index.js';
import { findDuplicates, loadPriceHistory } from './queries.js';

/** Product identity routes (docs/notes/products.md). Both public; the history follows the deal's visibility. */
export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // A static path: find-my-way prefers it to /deals/:id whatever the registration order.
  app.get(
    '/deals/duplicates',
    {
      schema: {
        tags: ['deals'],
        summary: 'Active and pending deals of the same product from the last 30 days (the deal form warning)',
        querystring: duplicatesQuerySchema,
        response: replies(duplicatesResultSchema),
      },
    },
    async (request) => ok(await findDuplicates(db, request.query.url, request.query.excludeId)),
  );

  app.get(
    '/deals/:id/price-history',
    {
      schema: {
        tags: ['deals'],
        summary: "The product's prices of the last 12 months with the lowest, the highest and whether this deal is the lowest",
        params: idParamsSchema,
        response: replies(priceHistorySchema),
      },
    },
    async (request) => ok(await loadPriceHistory(db, request.params.id, (deal) => assertCanView(request.user, deal))),
  );
}
