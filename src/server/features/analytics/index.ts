/**
 * Outbound clicks and deal views, counted without cookies, and the back office's analytics (docs/notes/analytics.md).
 */
import type { FastifyInstance } from 'fastify';
import type { RedisConnection } from '../../infra/redis.js';
import { AnalyticsRecorder } from './recorder.js';
import { MemoryVisitorStore, RedisVisitorStore } from './visitors.js';

export { analyticsRoutes, outboundRoutes } from './routes.js';
export { dealFigures } from './queries.js';
export { maySeeFigures } from './policy.js';
export { AnalyticsRecorder, FLUSH_EVERY_MS } from './recorder.js';
export { writeCounts, type DayCounts } from './tally.js';

/**
 * The process's recorder as `app.analytics`: visitors told apart in Redis when there is one (so every process counts
 * a visitor once), in memory otherwise; counts flushed every few seconds and when the app closes (graceful shutdown).
 */
export function attachAnalytics(app: FastifyInstance, redis: RedisConnection | undefined): AnalyticsRecorder {
  const recorder = new AnalyticsRecorder({
    db: app.deps.db,
    visitors: redis ? new RedisVisitorStore(redis) : new MemoryVisitorStore(),
    registry: app.infra.metrics.registry,
    log: app.log,
  });
  app.decorate('analytics', recorder);
  recorder.start();
  app.addHook('onClose', () => recorder.stop());
  return recorder;
}
