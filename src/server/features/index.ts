import type { FastifyInstance } from 'fastify';
import { aiRoutes } from './ai/routes.js';
import { localizeRoutes } from './localize/routes.js';
import { scraperRoutes } from './scrapers/routes.js';
import { adminRoutes } from './admin/routes.js';
import { authRoutes } from './auth/routes.js';
import { dealsApi } from './deals/api.js';
import { siteRoutes } from './site/routes.js';
import { userRoutes } from './users/routes.js';

/** Every feature's routes, mounted under /api. Each feature owns one folder (ARCHITECTURE §2). */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(userRoutes);
  await app.register(dealsApi);
  await app.register(siteRoutes);
  await app.register(scraperRoutes);
  await app.register(localizeRoutes);
  await app.register(aiRoutes);
}
