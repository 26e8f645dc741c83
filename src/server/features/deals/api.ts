import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from '../categories/routes.js';
import { commentRoutes } from '../comments/routes.js';
import { savedRoutes } from '../saved/routes.js';
import { storeRoutes } from '../stores/routes.js';
import { voteRoutes } from '../votes/routes.js';
import { scheduleExpirySweep } from './expiry-sweep.js';
import { dealRoutes } from './routes.js';

/** The public and member deals API (deals, saves, votes, comments, categories, stores): one registration line. */
export async function dealsApi(app: FastifyInstance) {
  scheduleExpirySweep(app);
  await app.register(dealRoutes);
  await app.register(savedRoutes);
  await app.register(voteRoutes);
  await app.register(commentRoutes);
  await app.register(categoryRoutes);
  await app.register(storeRoutes);
}
