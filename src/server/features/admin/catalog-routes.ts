import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categorySchema, storeSchema } from '../../../shared/schemas/catalog.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../plugins/auth.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from '../categories/queries.js';
import { writeLimit } from '../deals/rate-limits.js';
import { createStore, deleteStore, listStores, updateStore } from '../stores/queries.js';
import { dealsCountOf, withAllDealsCount } from './catalog.js';

/**
 * /admin/categories and /admin/stores (SPEC §7): the same commands as the public catalog routes (each change logged
 * there), answered in the admin shapes: lists in data.categories / data.stores, dealsCount over deals in any status.
 * The logo upload is POST /stores/{id}/upload-logo in features/stores.
 */
export async function adminCatalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const security = [{ bearer: [] }];
  const write = { config: writeLimit(app, 'catalog') };

  app.get('/admin/categories', { schema: { tags: ['admin'], security } }, async () =>
    ok({ categories: await withAllDealsCount(db, 'category_id', await listCategories(db)) }),
  );

  app.post('/admin/categories', { schema: { tags: ['admin'], body: categorySchema, security }, ...write }, async (request, reply) => {
    const category = await createCategory(db, request.body, requireAdmin(request).id);
    return reply.status(201).send(ok({ category: { ...category, dealsCount: 0 } }));
  });

  app.put('/admin/categories/:id', { schema: { tags: ['admin'], params: idParamsSchema, body: categorySchema, security }, ...write }, async (request) => {
    const category = await updateCategory(db, request.params.id, request.body, requireAdmin(request).id);
    return ok({ category: { ...category, dealsCount: await dealsCountOf(db, 'category_id', category.id) } });
  });

  app.delete('/admin/categories/:id', { schema: { tags: ['admin'], params: idParamsSchema, security }, ...write }, async (request) => {
    await deleteCategory(db, request.params.id, requireAdmin(request).id);
    return ok({ id: request.params.id, deleted: true });
  });

  app.get('/admin/stores', { schema: { tags: ['admin'], security } }, async () =>
    ok({ stores: await withAllDealsCount(db, 'store_id', await listStores(db)) }),
  );

  app.post('/admin/stores', { schema: { tags: ['admin'], body: storeSchema, security }, ...write }, async (request, reply) => {
    const store = await createStore(db, request.body, requireAdmin(request).id);
    return reply.status(201).send(ok({ store: { ...store, dealsCount: 0 } }));
  });

  app.put('/admin/stores/:id', { schema: { tags: ['admin'], params: idParamsSchema, body: storeSchema, security }, ...write }, async (request) => {
    const store = await updateStore(db, request.params.id, request.body, requireAdmin(request).id);
    return ok({ store: { ...store, dealsCount: await dealsCountOf(db, 'store_id', store.id) } });
  });

  app.delete('/admin/stores/:id', { schema: { tags: ['admin'], params: idParamsSchema, security }, ...write }, async (request) => {
    await deleteStore(db, config.uploadsDir, request.params.id, requireAdmin(request).id);
    return ok({ id: request.params.id, deleted: true });
  });
}
