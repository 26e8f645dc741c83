import type { FastifyInstance } from 'fastify';
import { startScraperSchedule } from './features/scrapers/scheduler.js';

/** A run still 'started' after this long died with a previous process. */
const STALE_RUN_MS = 60 * 60 * 1000;

/** In-process background jobs: the optional scraper schedule (SCRAPER_CRON). Returns a stopper for shutdown. */
export function startBackgroundJobs(app: FastifyInstance): () => void {
  const { config, db } = app.deps;
  const staleBefore = new Date(Date.now() - STALE_RUN_MS).toISOString();
  db.kysely
    .updateTable('scraper_logs')
    .set({ status: 'failed', error: 'The run was interrupted (the server stopped before it finished)', finished_at: new Date().toISOString() })
    .where('status', '=', 'started')
    .where('created_at', '<', staleBefore)
    .execute()
    .catch((err) => app.log.warn({ err }, 'could not close interrupted scraper runs'));

  return config.scraper.cron ? startScraperSchedule(app, config.scraper.cron) : () => {};
}
