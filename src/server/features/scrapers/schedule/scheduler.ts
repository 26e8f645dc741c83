import type { FastifyInstance } from 'fastify';
import { parseSchedule, type Schedule } from './cron.js';
import { scraperSources } from '../source/sources.js';
import { runScraper } from '../runner.js';

/** setTimeout's ceiling is about 24.8 days; longer waits are taken in steps. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

/** Time as the scheduler sees it; tests pass a manual one. */
export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Runs every scraper at the times SCRAPER_CRON names, in this process. A run still going when the next one is due is
 * not doubled up. An invalid schedule is logged and ignored, so a typo never stops the site from starting.
 * Returns a stopper.
 */
export function startScraperSchedule(app: FastifyInstance, spec: string, clock: Clock = systemClock): () => void {
  let schedule: Schedule;
  try {
    schedule = parseSchedule(spec);
  } catch (err) {
    app.log.error(`SCRAPER_CRON ignored: ${(err as Error).message}`);
    return () => {};
  }

  let timer: unknown;
  let stopped = false;
  let running = false;

  const runAll = async () => {
    if (running) return;
    running = true;
    try {
      for (const scraper of scraperSources(app.deps.config)) {
        if (stopped) break;
        const result = await runScraper(app.deps, app.log, scraper);
        app.log.info({ source: result.source, status: result.status, dealsAdded: result.dealsAdded }, 'scheduled scraper run');
      }
    } catch (err) {
      app.log.error({ err }, 'scheduled scraper run failed');
    } finally {
      running = false;
    }
  };

  const arm = (due: number) => {
    if (stopped) return;
    timer = clock.setTimer(() => {
      if (stopped) return;
      if (clock.now() + 1000 < due) return arm(due);
      void runAll();
      arm(schedule.next(new Date(clock.now())).getTime());
    }, Math.max(0, Math.min(due - clock.now(), MAX_WAIT_MS)));
  };

  const first = schedule.next(new Date(clock.now()));
  app.log.info(`scraper schedule: ${schedule.describe}, next run ${first.toISOString()}`);
  arm(first.getTime());
  return () => {
    stopped = true;
    if (timer !== undefined) clock.clearTimer(timer);
  };
}
