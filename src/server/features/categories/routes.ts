import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryArraySchema, categoryInputSchema, categoryListQuerySchema, categorySchema } from '../../../shared/schemas/catalog/categories.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { catalogWriteRoutes } from '../catalog/index.js';
import { createCategory, deleteCategory, updateCategory } from './commands.js';
import { mayEditCategories } from './policy.js';
import { listCategories } from './queries.js';

export async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/categories',
    { schema: { tags: ['categories'], querystring: categoryListQuerySchema, response: replies(categoryArraySchema) } },
    async (request) => {
      const store = request.query.store;
      return ok(await listCategories(db, { storeId: store === 'all' ? undefined : store }));
    },
  );

  const commands = { create: createCategory, update: updateCategory, remove: deleteCategory };
  catalogWriteRoutes(app, { resource: 'categories', mayEdit: mayEditCategories, body: categoryInputSchema, item: categorySchema, commands });
}
