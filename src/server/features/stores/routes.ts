import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STORE_LOGO_MAX_BYTES,
  STORE_LOGO_TOO_LARGE,
  storeArraySchema,
  storeDetailSchema,
  storeInputSchema,
  storeListQuerySchema,
  shopMatchSchema,
  shopProposalSchema,
  storeSchema,
} from '../../../shared/schemas/catalog/stores.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import type { Db } from '../../db/connection.js';
import { ok } from '../../http/envelope.js';
import { readSingleUpload } from '../../http/uploads.js';
import { requireAllowed, requireUser } from '../../plugins/auth.js';
import { allowedOnly, signedIn } from '../../plugins/guards.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import { catalogWriteRoutes } from '../catalog/index.js';
import { createStore, deleteStore, setStoreLogo, updateStore } from './commands.js';
import { mayEditStores } from './policy.js';
import { listStores, storeDetail } from './queries.js';
import { findOrProposeShop } from './shops.js';

export async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const admin = { onRequest: allowedOnly(mayEditStores), config: writeLimit(app, 'catalog') };

  app.get('/stores', { schema: { tags: ['stores'], querystring: storeListQuerySchema, response: replies(storeArraySchema) } }, async (request) => {
    const category = request.query.category;
    return ok(await listStores(db, { categoryId: category === 'all' ? undefined : category }));
  });

  // A store page (docs/notes/community.md); its deals are GET /deals?store={id}&status=all (active first).
  app.get('/stores/:id', { schema: { tags: ['stores'], params: idParamsSchema, response: replies(storeDetailSchema) } }, async (request) =>
    ok(await storeDetail(db, request.params.id)),
  );

  const remove = (db: Db, id: number, actorId: number) => deleteStore(db, config.uploadsDir, id, actorId);
  const commands = { create: createStore, update: updateStore, remove };
  catalogWriteRoutes(app, { resource: 'stores', mayEdit: mayEditStores, body: storeInputSchema, item: storeSchema, commands });

  // A member names the shop of a link no shop has (docs/notes/posting.md): it exists at once, unconfirmed.
  app.post(
    '/stores/propose',
    {
      schema: { tags: ['stores'], body: shopProposalSchema, security: [{ bearer: [] }], response: replies(shopMatchSchema) },
      onRequest: signedIn(),
      config: writeLimit(app, 'shopPropose'),
    },
    async (request) => ok(await findOrProposeShop(db, request.body, requireUser(request).id)),
  );

  app.post(
    '/stores/:id/upload-logo',
    {
      schema: { tags: ['stores'], params: idParamsSchema, security: [{ bearer: [] }], consumes: ['multipart/form-data'], response: replies(storeSchema) },
      ...admin,
    },
    async (request) => {
      const actor = requireAllowed(request, mayEditStores);
      const file = await readSingleUpload(request, 'logo', STORE_LOGO_MAX_BYTES, STORE_LOGO_TOO_LARGE);
      return ok(await setStoreLogo(db, config.uploadsDir, request.params.id, file.buffer, actor.id));
    },
  );
}
