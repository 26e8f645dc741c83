import type { FastifyInstance } from 'fastify';
import { EXPORT_EVERY_MS, EXPORT_EXPIRY_EVERY_MS, expireExports, runExports } from './features/account/index.js';
import { alertMailHandlers, DIGEST_EVERY_MS, sendDailyDigests } from './features/alerts/index.js';
import { recountRecentVotes, SWEEP_EVERY_MS, sweepExpiredDeals, TRENDING_WINDOW_EVERY_MS } from './features/deals/index.js';
import { closeInterruptedRuns, parseSchedule, runScraper, scraperSources } from './features/scrapers/index.js';
import { invalidateAnonymousReads } from './plugins/read-cache/anonymous-cache.js';
import { createJobEngine, everyMs, type JobEngine, type NextTime, type TickHandler } from './infra/jobs.js';
import { drainOutbox, messageHandler, MESSAGE_KIND, OUTBOX_EVERY_MS } from './services/outbox/index.js';
import { promoteMaturedVotes, VOTE_PROMOTION_EVERY_MS } from './features/votes/index.js';
import {
  drainPush,
  MAIL_EVERY_MS,
  notificationMailHandlers,
  PRUNE_EVERY_MS,
  pruneNotifications,
  prunePushDeliveries,
  PUSH_EVERY_MS,
  queueGatheredMails,
} from './features/notifications/index.js';
import { recomputeReputation, REPUTATION_EVERY_MS } from './features/reputation/index.js';
import { refreshAgeingStandings, VOUCHER_STANDING_EVERY_MS } from './features/vouchers/index.js';

/**
 * Every background job of the site, declared in this one place (main.ts starts them) on the job engine
 * (infra/jobs.ts): each runs once per tick for the whole site, however many processes there are (pg-boss on
 * PostgreSQL), or in this process on the embedded SQLite default. Ticks are on the clock (multiples of the interval),
 * the same instants in every process. Add a job with `every(name, ms, minutes, what, run)` below or `jobs.schedule(...)`.
 *
 * The returned function stops ticking and taking jobs and resolves once this process's runs have finished.
 */
export function startBackgroundJobs(
  app: FastifyInstance,
  jobs: JobEngine = createJobEngine(app.log, app.deps.db, app.deps.config.databaseUrl),
): () => Promise<void> {
  const { config } = app.deps;
  app.infra?.metrics.observeJobs(jobs);
  if (app.infra) app.infra.jobs = jobs;

  closeInterruptedRuns(app.deps.db).catch((err) => app.log.warn({ err }, 'could not close interrupted scraper runs'));

  /** A job on an interval: `minutes` at most per run, a failure logged as `what` failed. */
  const every = (name: string, ms: number, minutes: number, what: string, run: (tick: Parameters<TickHandler>[0]) => Promise<unknown>) =>
    jobs.every(
      name,
      ms,
      async (tick) => {
        await run(tick);
      },
      { timeoutSeconds: minutes * 60, onError: (err) => app.log.error({ err }, `${what} failed`) },
    );

  every('expiry-sweep', SWEEP_EVERY_MS, 5, 'expiry sweep', () => sweepExpiredDeals(app.deps, app.log));
  // Votes of accounts younger than 24 h count whole once the account is a day old (votes/promotion.ts, docs/notes/trust.md).
  every('vote-promotion', VOTE_PROMOTION_EVERY_MS, 5, 'vote promotion', () => promoteMaturedVotes(app.deps));
  // The trending sort's per-deal count of the last 24 h of votes, as votes age out of the window (migration 010, docs/notes/bench.md).
  every('trending-window', TRENDING_WINDOW_EVERY_MS, 5, 'trending window recount', async ({ due }) => {
    // Every deal with recent votes on the hour (a safety net for a job stopped longer than its look-back), the deals
    // whose votes aged out at every other tick. A changed order shows at once, not after the read cache's TTL.
    const all = due.getUTCMinutes() === 0;
    if ((await recountRecentVotes(app.deps.db, Date.now(), { all })) > 0) invalidateAnonymousReads(app);
  });
  // The mail outbox drained every 5 s (alert mails, with retries), the daily alert digest checked every 15 min.
  const mailHandlers = { [MESSAGE_KIND]: messageHandler, ...alertMailHandlers(app.deps), ...notificationMailHandlers(app.deps) };
  every('mail-outbox', OUTBOX_EVERY_MS, 10, 'mail outbox drain', () => drainOutbox(app.deps, mailHandlers, { log: app.log }));
  every('alert-digest', DIGEST_EVERY_MS, 30, 'daily alert digest', () => sendDailyDigests(app.deps));

  // Members keep their newest 500 notifications and those of the last 90 days (docs/notes/notifications.md).
  // Sent and given-up push deliveries go after a week.
  every('notification-prune', PRUNE_EVERY_MS, 10, 'notification pruning', async () => {
    await pruneNotifications(app.deps.db);
    await prunePushDeliveries(app.deps.db);
  });
  // Notifications chosen for email, gathered: at most one mail per member per 15 minutes, through the outbox.
  every('notification-mail', MAIL_EVERY_MS, 5, 'gathering notification mails', () => queueGatheredMails(app.deps));
  // Web push: each notification's pushes go out right after its commit (the kick); this takes up retries, what a
  // kick missed and rows a process left claimed when it died (docs/notes/notifications.md "Push").
  every('push-delivery', PUSH_EVERY_MS, 2, 'push delivery', () => drainPush({ db: app.deps.db, config: app.deps.config, log: app.log }));

  // "Download my data" (docs/notes/data-rights.md): exports waiting or left by a process that died are built here (a
  // request also starts the worker at once in its own process); archives past their 48 hours are removed.
  every('data-exports', EXPORT_EVERY_MS, 15, 'data export run', () => runExports(app.deps, app.log));
  every('data-export-expiry', EXPORT_EXPIRY_EVERY_MS, 5, 'data export expiry', () => expireExports(app.deps));

  // Vouchers' success rates as answers age, then every member's record and badges (docs/notes/vouchers-follows.md).
  every('voucher-standing', VOUCHER_STANDING_EVERY_MS, 10, 'voucher standing refresh', () => refreshAgeingStandings(app.deps.db));
  every('reputation', REPUTATION_EVERY_MS, 20, 'reputation recompute', () => recomputeReputation(app.deps.db));

  const scraperTimes = config.scraper.cron ? scraperSchedule(app, config.scraper.cron) : undefined;
  if (scraperTimes) {
    jobs.schedule(
      'scraper',
      scraperTimes,
      async () => {
        for (const scraper of scraperSources(config)) {
          const result = await runScraper(app.deps, app.log, scraper);
          app.log.info({ source: result.source, status: result.status, dealsAdded: result.dealsAdded }, 'scheduled scraper run');
        }
      },
      { timeoutSeconds: 60 * 60, onError: (err) => app.log.error({ err }, 'scheduled scraper run failed') },
    );
  }

  void jobs.start().catch((err) => app.log.error({ err }, 'the job engine did not start: background jobs are not running'));
  return () => jobs.stop(15_000);
}

/**
 * SCRAPER_CRON as due times: a cron line as it reads (server time), an interval ("@every 30m") on the clock, so every
 * process names the same instants. An invalid schedule is logged and ignored: a typo never stops the site starting.
 */
function scraperSchedule(app: FastifyInstance, spec: string): NextTime | undefined {
  try {
    const schedule = parseSchedule(spec);
    const interval = /^@every\s/i.test(spec.trim()) ? schedule.next(new Date(0)).getTime() : undefined;
    const next = interval ? everyMs(interval) : (from: Date) => schedule.next(from);
    app.log.info(`scraper schedule: ${schedule.describe}, next run ${next(new Date()).toISOString()}`);
    return next;
  } catch (err) {
    app.log.error(`SCRAPER_CRON ignored: ${(err as Error).message}`);
    return undefined;
  }
}
