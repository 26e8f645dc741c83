import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SAVED_PAGE_SIZE } from '../../../shared/domain/constants.js';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import { saveDeal, unsaveDeal } from './commands.js';
import { allSavedDeals, savedDealsPage } from './queries.js';
import { dealListSchema, dealPageSchema, pagedQuerySchema } from '../../../shared/schemas/deals/deals.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { savedToggleSchema } from '../../../shared/schemas/deals/saved.js';

const LOGIN_TO_SAVE = 'Please log in to save deals';

export async function savedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    '/deals/saved',
    {
      schema: { tags: ['saved'], querystring: pagedQuerySchema(SAVED_PAGE_SIZE), security: [{ bearer: [] }], response: replies(dealPageSchema) },
      onRequest: signedIn(LOGIN_TO_SAVE),
    },
    async (request) => ok(await savedDealsPage(db, requireUser(request), request.query.page, request.query.pageSize, config.affiliate)),
  );

  app.get(
    '/users/me/saved-deals',
    { schema: { tags: ['saved'], security: [{ bearer: [] }], response: replies(dealListSchema) }, onRequest: signedIn(LOGIN_TO_SAVE) },
    async (request) => ok(await allSavedDeals(db, requireUser(request), config.affiliate)),
  );

  app.post(
    '/deals/:id/save',
    {
      schema: { tags: ['saved'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(savedToggleSchema) },
      onRequest: signedIn(LOGIN_TO_SAVE),
      config: { ...writeLimit(app, 'save'), softWrite: 'own' },
    },
    async (request) => {
      await saveDeal(db, requireUser(request), request.params.id);
      return ok({ dealId: request.params.id, saved: true });
    },
  );

  app.delete(
    '/deals/:id/save',
    {
      schema: { tags: ['saved'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(savedToggleSchema) },
      onRequest: signedIn(LOGIN_TO_SAVE),
      config: { ...writeLimit(app, 'save'), softWrite: 'own' },
    },
    async (request) => {
      await unsaveDeal(db, requireUser(request).id, request.params.id);
      return ok({ dealId: request.params.id, saved: false });
    },
  );
}
