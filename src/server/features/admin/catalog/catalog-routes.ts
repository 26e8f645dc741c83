import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminCategoryListSchema, adminCategoryReplySchema, type Category, categoryInputSchema } from '../../../../shared/schemas/catalog/categories.js';
import {
  adminStoreListSchema,
  adminStoreReplySchema,
  type Store,
  storeInputSchema,
  storeMergeResultSchema,
  storeMergeSchema,
} from '../../../../shared/schemas/catalog/stores.js';
import { deletedSchema, idParamsSchema } from '../../../../shared/schemas/common.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import type { Db } from '../../../db/connection.js';
import { ok } from '../../../http/envelope.js';
import { requireAdmin } from '../../../plugins/auth.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from '../../categories/index.js';
import { writeLimit } from '../../../plugins/rate-limits.js';
import { confirmStore, createStore, deleteStore, findStore, listStores, mergeStore, updateStore } from '../../stores/index.js';
import { dealsCountOf, withAllDealsCount } from './catalog.js';

/** One catalog resource of the back office: categories and stores have the same four routes. */
interface CatalogResource<Body extends z.ZodType, Item extends Category | Store> {
  /** The path segment, and the key of the list in a reply. */
  plural: 'categories' | 'stores';
  /** The key of one item in a reply; `<singular>_id` is the deals column that points at it. */
  singular: 'category' | 'store';
  body: Body;
  replies: { list: z.ZodType; item: z.ZodType };
  /** The resource's commands (each logged as the acting admin in its feature). */
  commands: {
    list(db: Db): Promise<Item[]>;
    create(db: Db, input: z.infer<Body>, actorId: number): Promise<Item>;
    update(db: Db, id: number, input: z.infer<Body>, actorId: number): Promise<Item>;
    remove(db: Db, id: number, actorId: number): Promise<void>;
  };
}

/** GET (list), POST, PUT and DELETE /admin/<plural>, answered in the admin shapes with dealsCount. */
function catalogResourceRoutes<Body extends z.ZodType, Item extends Category | Store>(fastify: FastifyInstance, resource: CatalogResource<Body, Item>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { plural, singular, body, commands } = resource;
  // dealsCount counts the deals pointing at the item in any status.
  const column = `${singular}_id` as const;
  const security = [{ bearer: [] }];
  const write = { config: writeLimit(app, 'catalog') };
  const path = `/admin/${plural}`;

  app.get(path, { schema: { tags: ['admin'], security, response: replies(resource.replies.list) } }, async () =>
    ok({ [plural]: await withAllDealsCount(db, column, await commands.list(db)) }),
  );

  app.post(path, { schema: { tags: ['admin'], body, security, response: replies(resource.replies.item, 201) }, ...write }, async (request, reply) => {
    // The provider's body type is a conditional TypeScript cannot resolve for a generic schema: it is z.infer<Body>.
    const item = await commands.create(db, request.body as z.infer<Body>, requireAdmin(request).id);
    return reply.status(201).send(ok({ [singular]: { ...item, dealsCount: 0 } }));
  });

  app.put(
    `${path}/:id`,
    { schema: { tags: ['admin'], params: idParamsSchema, body, security, response: replies(resource.replies.item) }, ...write },
    async (request) => {
      const item = await commands.update(db, request.params.id, request.body as z.infer<Body>, requireAdmin(request).id);
      return ok({ [singular]: { ...item, dealsCount: await dealsCountOf(db, column, item.id) } });
    },
  );

  app.delete(`${path}/:id`, { schema: { tags: ['admin'], params: idParamsSchema, security, response: replies(deletedSchema) }, ...write }, async (request) => {
    await commands.remove(db, request.params.id, requireAdmin(request).id);
    return ok({ id: request.params.id, deleted: true });
  });
}

/**
 * /admin/categories and /admin/stores (SPEC §7): the same commands as the public catalog routes (each change logged
 * there), answered in the admin shapes: lists in data.categories / data.stores, dealsCount over deals in any status.
 * The logo upload is POST /stores/{id}/upload-logo in features/stores.
 */
export async function adminCatalogRoutes(app: FastifyInstance) {
  const { uploadsDir } = app.deps.config;
  catalogResourceRoutes(app, {
    plural: 'categories',
    singular: 'category',
    body: categoryInputSchema,
    replies: { list: adminCategoryListSchema, item: adminCategoryReplySchema },
    commands: { list: listCategories, create: createCategory, update: updateCategory, remove: deleteCategory },
  });
  catalogResourceRoutes(app, {
    plural: 'stores',
    singular: 'store',
    body: storeInputSchema,
    replies: { list: adminStoreListSchema, item: adminStoreReplySchema },
    commands: {
      // Shops members named and the team has not confirmed yet come first (docs/notes/posting.md).
      list: async (db) => (await listStores(db)).sort((a, b) => Number(a.confirmed) - Number(b.confirmed)),
      create: createStore,
      update: updateStore,
      remove: (db, id, actorId) => deleteStore(db, uploadsDir, id, actorId),
    },
  });
  shopReviewRoutes(app);
}

/** Confirming a shop a member named, and merging a shop into another (its deals move). */
function shopReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const security = [{ bearer: [] }];
  const write = { config: writeLimit(app, 'catalog') };
  app.post(
    '/admin/stores/:id/confirm',
    { schema: { tags: ['admin'], params: idParamsSchema, security, response: replies(adminStoreReplySchema) }, ...write },
    async (request) => {
      await confirmStore(deps.db, request.params.id, requireAdmin(request).id);
      const [store] = await withAllDealsCount(deps.db, 'store_id', [await findStore(deps.db, request.params.id)]);
      return ok({ store });
    },
  );
  app.post(
    '/admin/stores/:id/merge',
    { schema: { tags: ['admin'], params: idParamsSchema, body: storeMergeSchema, security, response: replies(storeMergeResultSchema) }, ...write },
    async (request) => {
      const { moved } = await mergeStore(deps, request.params.id, request.body.intoId, requireAdmin(request).id);
      return ok({ id: request.params.id, intoId: request.body.intoId, moved });
    },
  );
}
