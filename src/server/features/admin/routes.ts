import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../plugins/auth.js';
import type { DealTasks } from './activation.js';
import { generateDealDescription, improveDealTitle, localizeDealImage } from '../ai/deal-tasks.js';
import { adminCatalogRoutes } from './catalog-routes.js';
import { adminDashboardRoutes } from './dashboard-routes.js';
import { adminDealRoutes } from './deal-routes.js';
import { adminUserRoutes } from './user-routes.js';

/**
 * The back office API (SPEC §7 Admin). Every route here is for administrators only: the check runs on request, before
 * any body is parsed, so a visitor gets 401 and a member or moderator 403 whatever they send. Moderators' rights over
 * deals (SPEC §6) live on the public deal routes.
 */
const dealTasks: DealTasks = { improveTitle: improveDealTitle, generateDescription: generateDealDescription, localizeImage: localizeDealImage };

export async function adminRoutes(app: FastifyInstance, opts: { dealTasks?: DealTasks } = {}) {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
  await app.register(adminDashboardRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminDealRoutes, { tasks: opts.dealTasks ?? dealTasks });
  await app.register(adminCatalogRoutes);
}
