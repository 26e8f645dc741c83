import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEngine, NextTime, TickHandler } from './infra/jobs.js';
import { startBackgroundJobs } from './jobs.js';
import { type FixtureServer, pepperFeed, send, startServer } from './test/fixtures/scrapers-ai/fixture-server.js';
import { createHarness } from './test/harness.js';

let feed: FixtureServer;
beforeAll(async () => {
  feed = await startServer();
  feed.route('/rss', send('application/rss+xml', pepperFeed(feed.base)));
});
afterAll(() => feed.close());

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A job engine that only records what jobs.ts declares on it: the test reads the timetable and runs ticks itself. */
function recordingEngine() {
  const jobs = new Map<string, { next?: NextTime; ms?: number; handler: TickHandler }>();
  const engine: JobEngine = {
    kind: 'in-process',
    every: (name, ms, handler) => void jobs.set(name, { ms, handler }),
    schedule: (name, next, handler) => void jobs.set(name, { next, handler }),
    start: async () => {},
    stop: async () => {},
    running: 0,
    onRun: () => {},
  };
  return { engine, jobs };
}

describe('scraper schedule (SCRAPER_CRON)', () => {
  it('runs every scraper at the times an interval names, on the clock', async () => {
    const h = await createHarness({ SAFE_FETCH_ALLOW: `127.0.0.1:${feed.port}`, SCRAPER_SOURCE_URL: `${feed.base}/rss`, SCRAPER_CRON: '@every 30m' });
    const { engine, jobs } = recordingEngine();
    try {
      const stop = startBackgroundJobs(h.app, engine);
      const scraper = jobs.get('scraper');
      expect(scraper?.next?.(new Date('2024-05-14T10:10:00Z')).toISOString()).toBe('2024-05-14T10:30:00.000Z');
      expect(scraper?.next?.(new Date('2024-05-14T10:30:00Z')).toISOString()).toBe('2024-05-14T11:00:00.000Z');
      expect(feed.hits).toEqual([]);
      await scraper!.handler({ due: new Date('2024-05-14T10:30:00Z') });
      const logs = await h.db.kysely.selectFrom('scraper_logs').selectAll().execute();
      expect(logs).toEqual([expect.objectContaining({ source: 'hotukdeals', status: 'completed', deals_added: 5 })]);
      expect(feed.hits).toEqual(['GET /rss']);
      await stop();
    } finally {
      await h.close();
    }
  });

  it('reads a cron line in server time, and ignores a schedule it cannot read', async () => {
    const h = await createHarness({ SCRAPER_CRON: '15 6 * * *' });
    const bad = await createHarness({ SCRAPER_CRON: 'every now and then' });
    try {
      const { engine, jobs } = recordingEngine();
      await startBackgroundJobs(h.app, engine)();
      const next = jobs.get('scraper')!.next!(new Date(2024, 4, 14, 7, 0));
      expect([next.getFullYear(), next.getMonth(), next.getDate(), next.getHours(), next.getMinutes()]).toEqual([2024, 4, 15, 6, 15]);

      const ignored = recordingEngine();
      await startBackgroundJobs(bad.app, ignored.engine)();
      expect(ignored.jobs.has('scraper')).toBe(false);
      expect(ignored.jobs.has('expiry-sweep')).toBe(true);
    } finally {
      await h.close();
      await bad.close();
    }
  });
});

describe('background jobs', () => {
  it('close runs left "started" by a dead process, and leave recent ones alone', async () => {
    const h = await createHarness();
    let stop: (() => Promise<void>) | undefined;
    try {
      const old = new Date(Date.now() - 3 * 3600_000).toISOString();
      const recent = new Date().toISOString();
      await h.db.kysely
        .insertInto('scraper_logs')
        .values([
          { source: 'hotukdeals', status: 'started', error: null, data_file: null, created_at: old, finished_at: null },
          { source: 'hotukdeals', status: 'started', error: null, data_file: null, created_at: recent, finished_at: null },
        ])
        .execute();
      stop = startBackgroundJobs(h.app);
      const rows = await until(
        () => h.db.kysely.selectFrom('scraper_logs').select(['status', 'error']).orderBy('id').execute(),
        (r) => r[0].status === 'failed',
      );
      expect(rows[0]).toEqual({ status: 'failed', error: 'The run was interrupted (the server stopped before it finished)' });
      expect(rows[1].status).toBe('started');
    } finally {
      // The real engine's first ticks (exports, sweeps) may still be writing in the data folder: they finish before
      // the folder is removed.
      await stop?.();
      await h.close();
    }
  });
});
