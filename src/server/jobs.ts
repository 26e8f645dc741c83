import type { FastifyInstance } from 'fastify';
import { runScraper } from './features/scrapers/runner.js';
import { parseSchedule, type Schedule } from './services/scraper/schedule.js';
import { scraperSources } from './services/scraper/sources.js';

/** setTimeout's ceiling is about 24.8 days; longer waits are taken in steps. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;
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

  if (!config.scraper.cron) return () => {};
  let schedule: Schedule;
  try {
    schedule = parseSchedule(config.scraper.cron);
  } catch (err) {
    app.log.error(`SCRAPER_CRON ignored: ${(err as Error).message}`);
    return () => {};
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;

  const runAll = async () => {
    if (running) return;
    running = true;
    try {
      for (const scraper of scraperSources(config)) {
        const result = await runScraper(app, scraper);
        app.log.info({ source: result.source, status: result.status, dealsAdded: result.dealsAdded }, 'scheduled scraper run');
      }
    } catch (err) {
      app.log.error({ err }, 'scheduled scraper run failed');
    } finally {
      running = false;
    }
  };

  const arm = (due: Date) => {
    if (stopped) return;
    const wait = due.getTime() - Date.now();
    timer = setTimeout(() => {
      if (Date.now() + 1000 < due.getTime()) return arm(due);
      void runAll();
      arm(schedule.next(new Date()));
    }, Math.max(0, Math.min(wait, MAX_WAIT_MS)));
    timer.unref();
  };

  const first = schedule.next(new Date());
  app.log.info(`scraper schedule: ${schedule.describe}, next run ${first.toISOString()}`);
  arm(first);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
