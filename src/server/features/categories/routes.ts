import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryArraySchema, categoryInputSchema, categoryListQuerySchema, categorySchema } from '../../../shared/schemas/categories.js';
import { deletedSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { requireAllowed } from '../../plugins/auth.js';
import { allowedOnly } from '../../plugins/guards.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import { createCategory, deleteCategory, updateCategory } from './commands.js';
import { mayEditCategories } from './policy.js';
import { listCategories } from './queries.js';

export async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const admin = { onRequest: allowedOnly(mayEditCategories), config: writeLimit(app, 'catalog') };

  app.get(
    '/categories',
    { schema: { tags: ['categories'], querystring: categoryListQuerySchema, response: replies(categoryArraySchema) } },
    async (request) => {
      const store = request.query.store;
      return ok(await listCategories(db, { storeId: store === 'all' ? undefined : store }));
    },
  );

  app.post(
    '/categories',
    { schema: { tags: ['categories'], body: categoryInputSchema, security: [{ bearer: [] }], response: replies(categorySchema, 201) }, ...admin },
    async (request, reply) => {
      return reply.status(201).send(ok(await createCategory(db, request.body, requireAllowed(request, mayEditCategories).id)));
    },
  );

  app.put(
    '/categories/:id',
    {
      schema: { tags: ['categories'], params: idParamsSchema, body: categoryInputSchema, security: [{ bearer: [] }], response: replies(categorySchema) },
      ...admin,
    },
    async (request) => {
      return ok(await updateCategory(db, request.params.id, request.body, requireAllowed(request, mayEditCategories).id));
    },
  );

  app.delete(
    '/categories/:id',
    { schema: { tags: ['categories'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(deletedSchema) }, ...admin },
    async (request) => {
      await deleteCategory(db, request.params.id, requireAllowed(request, mayEditCategories).id);
      return ok({ id: request.params.id, deleted: true });
    },
  );
}
