import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activateBodySchema,
  activationResultSchema,
  adminDealCreateSchema,
  adminDealEditSchema,
  adminDealPageSchema,
  adminDealsQuerySchema,
  dealReviewResultSchema,
  pullBackBodySchema,
  rejectBodySchema,
  trustedPostsSchema,
} from '../../../../shared/schemas/admin/admin-deals.js';
import { dealSchema } from '../../../../shared/schemas/deals/deals.js';
import { deletedSchema, idParamsSchema } from '../../../../shared/schemas/common.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import { ok } from '../../../http/envelope.js';
import { requireAdmin } from '../../../plugins/auth.js';
import { activateDeal } from '../../deals/index.js';
import { type DealTasks, runActivationTasks } from './activation.js';
import { createDealAsAdmin, deleteDealAsAdmin, editDealAsAdmin, findAdminDeal } from './deal-commands.js';
import { listAdminDeals } from './deal-list.js';
import { listTrustedPosts, pullBackDeal, rejectDeal } from './review.js';

export interface AdminDealRoutesOptions {
  /** The AI and image tasks an activation may ask for (features/ai/deal-tasks.ts). */
  tasks: DealTasks;
}

export async function adminDealRoutes(fastify: FastifyInstance, opts: AdminDealRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db, config } = deps;
  const affiliate = config.affiliate;
  const security = [{ bearer: [] }];

  app.get(
    '/admin/deals',
    { schema: { tags: ['admin'], querystring: adminDealsQuerySchema, security, response: replies(adminDealPageSchema) } },
    async (request) => ok(await listAdminDeals(db, request.query, affiliate)),
  );

  app.post(
    '/admin/deals',
    { schema: { tags: ['admin'], body: adminDealCreateSchema, security, response: replies(dealSchema, 201) } },
    async (request, reply) => {
      const actor = requireAdmin(request);
      const id = await createDealAsAdmin(deps, actor, request.body);
      return reply.status(201).send(ok(await findAdminDeal(db, id, affiliate)));
    },
  );

  // Deals trusted members posted live, for the team to look over (docs/notes/posting.md).
  app.get('/admin/deals/trusted', { schema: { tags: ['admin'], security, response: replies(trustedPostsSchema) } }, async () =>
    ok({ deals: await listTrustedPosts(db, affiliate) }),
  );

  app.post(
    '/admin/deals/:id/pull-back',
    { schema: { tags: ['admin'], params: idParamsSchema, body: pullBackBodySchema, security, response: replies(dealReviewResultSchema) } },
    async (request) => {
      await pullBackDeal(deps, request.params.id, requireAdmin(request), request.body.reason ?? null);
      return ok({ deal: await findAdminDeal(db, request.params.id, affiliate) });
    },
  );

  app.post(
    '/admin/deals/:id/reject',
    { schema: { tags: ['admin'], params: idParamsSchema, body: rejectBodySchema, security, response: replies(dealReviewResultSchema) } },
    async (request) => {
      await rejectDeal(deps, request.params.id, requireAdmin(request), request.body.reason);
      return ok({ deal: await findAdminDeal(db, request.params.id, affiliate) });
    },
  );

  app.get('/admin/deals/:id', { schema: { tags: ['admin'], params: idParamsSchema, security, response: replies(dealSchema) } }, async (request) =>
    ok(await findAdminDeal(db, request.params.id, affiliate)),
  );

  app.put(
    '/admin/deals/:id',
    { schema: { tags: ['admin'], params: idParamsSchema, body: adminDealEditSchema, security, response: replies(dealSchema) } },
    async (request) => {
      const actor = requireAdmin(request);
      await editDealAsAdmin(deps, actor, request.params.id, request.body);
      return ok(await findAdminDeal(db, request.params.id, affiliate));
    },
  );

  app.delete('/admin/deals/:id', { schema: { tags: ['admin'], params: idParamsSchema, security, response: replies(deletedSchema) } }, async (request) => {
    const actor = requireAdmin(request);
    await deleteDealAsAdmin(deps, actor, request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });

  app.post(
    '/admin/deals/:id/activate',
    { schema: { tags: ['admin'], params: idParamsSchema, body: activateBodySchema, security, response: replies(activationResultSchema) } },
    async (request) => {
      const actor = requireAdmin(request);
      const id = request.params.id;
      const { activated, previousStatus } = await activateDeal(deps, id, actor);
      const tasks = await runActivationTasks(deps, request.log, opts.tasks, actor.id, id, request.body.processTasks);
      return ok({
        deal: await findAdminDeal(db, id, affiliate),
        activated,
        previousStatus,
        tasks,
        message: activated ? 'Deal activated successfully' : 'Deal is already active',
      });
    },
  );
}
