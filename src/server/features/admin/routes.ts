import type { FastifyInstance } from 'fastify';
import type { DealTasks } from './deals/activation.js';
import { generateDealDescription, improveDealTitle, localizeDealImage } from '../ai/index.js';
import { adminCatalogRoutes } from './catalog/catalog-routes.js';
import { adminDashboardRoutes } from './dashboard/dashboard-routes.js';
import { adminDealRoutes } from './deals/deal-routes.js';
import { adminUserRoutes } from './users/user-routes.js';

/**
 * The back office API (SPEC §7 Admin). Every route under /api/admin (these, the scrapers' and localize-image) and
 * /api/ai is for administrators only: the auth plugin gives each one an onRequest check, which runs before anything is
 * parsed, so a visitor gets 401 and a member or moderator 403 whatever they send (plugins/auth.ts, tested by
 * plugins/admin-area.test.ts over every route the app has). Moderators' rights over deals (SPEC §6) live on the public
 * deal routes.
 */
const dealTasks: DealTasks = { improveTitle: improveDealTitle, generateDescription: generateDealDescription, localizeImage: localizeDealImage };

export async function adminRoutes(app: FastifyInstance, opts: { dealTasks?: DealTasks } = {}) {
  await app.register(adminDashboardRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminDealRoutes, { tasks: opts.dealTasks ?? dealTasks });
  await app.register(adminCatalogRoutes);
}
