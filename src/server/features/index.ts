import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { siteRoutes } from './site/routes.js';
import { userRoutes } from './users/routes.js';

/** Every feature's routes, mounted under /api. Each feature owns one folder (ARCHITECTURE §2). */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(siteRoutes);
}
