import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { adminDealEditSchema } from '../../../shared/schemas/deals.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../plugins/auth.js';
import { activateDeal, type DealTasks, runActivationTasks } from './activation.js';
import { createDeal, deleteDeal, editDeal, findAdminDeal } from './deal-commands.js';
import { listAdminDeals } from './deal-list.js';
import { activateBodySchema, adminDealCreateSchema, adminDealsQuerySchema } from './schemas.js';

export interface AdminDealRoutesOptions {
  /** The AI and image tasks an activation may ask for (features/ai/deal-tasks.ts). */
  tasks: DealTasks;
}

export async function adminDealRoutes(fastify: FastifyInstance, opts: AdminDealRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const affiliate = config.affiliate;
  const security = [{ bearer: [] }];

  app.get('/admin/deals', { schema: { tags: ['admin'], querystring: adminDealsQuerySchema, security } }, async (request) =>
    ok(await listAdminDeals(db, request.query, affiliate)),
  );

  app.post('/admin/deals', { schema: { tags: ['admin'], body: adminDealCreateSchema, security } }, async (request, reply) => {
    const actor = requireAdmin(request);
    const id = await createDeal(db, config.uploadsDir, actor.id, request.body);
    return reply.status(201).send(ok(await findAdminDeal(db.kysely, id, affiliate)));
  });

  app.get('/admin/deals/:id', { schema: { tags: ['admin'], params: idParamsSchema, security } }, async (request) =>
    ok(await findAdminDeal(db.kysely, request.params.id, affiliate)),
  );

  app.put('/admin/deals/:id', { schema: { tags: ['admin'], params: idParamsSchema, body: adminDealEditSchema, security } }, async (request) => {
    const actor = requireAdmin(request);
    await editDeal(db, config.uploadsDir, actor.id, request.params.id, request.body);
    return ok(await findAdminDeal(db.kysely, request.params.id, affiliate));
  });

  app.delete('/admin/deals/:id', { schema: { tags: ['admin'], params: idParamsSchema, security } }, async (request) => {
    const actor = requireAdmin(request);
    await deleteDeal(db, config.uploadsDir, actor.id, request.params.id);
    return ok({ id: request.params.id, deleted: true });
  });

  app.post('/admin/deals/:id/activate', { schema: { tags: ['admin'], params: idParamsSchema, body: activateBodySchema, security } }, async (request) => {
    const actor = requireAdmin(request);
    const id = request.params.id;
    const { activated, previousStatus } = await activateDeal(app, actor.id, id);
    const tasks = await runActivationTasks(app, opts.tasks, actor.id, id, request.body.processTasks);
    return ok({
      deal: await findAdminDeal(db.kysely, id, affiliate),
      activated,
      previousStatus,
      tasks,
      message: activated ? 'Deal activated successfully' : 'Deal is already active',
    });
  });
}
