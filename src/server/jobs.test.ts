import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, startScraperSchedule } from './features/scrapers/index.js';
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

/** A clock the test moves by hand: timers fire only when `advance` passes their time. */
function manualClock(start = Date.parse('2024-05-14T10:00:00Z')) {
  let now = start;
  let timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let seq = 0;
  const clock: Clock = {
    now: () => now,
    setTimer: (fn, ms) => {
      timers.push({ at: now + ms, fn, id: ++seq });
      return seq;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = target;
  };
  return { clock, advance, pending: () => timers.length };
}

describe('scraper schedule', () => {
  it('runs the scrapers when SCRAPER_CRON says, and not after it is stopped', async () => {
    const h = await createHarness({ SAFE_FETCH_ALLOW: `127.0.0.1:${feed.port}`, SCRAPER_SOURCE_URL: `${feed.base}/rss` });
    const { clock, advance, pending } = manualClock();
    try {
      const stop = startScraperSchedule(h.app, '@every 30m', clock);
      advance(29 * 60_000);
      expect(feed.hits).toEqual([]);
      advance(60_000);
      const logs = await until(
        () => h.db.kysely.selectFrom('scraper_logs').selectAll().execute(),
        (rows) => rows.length === 1 && rows[0].status === 'completed',
      );
      expect(logs).toEqual([expect.objectContaining({ source: 'hotukdeals', status: 'completed', deals_added: 5 })]);
      expect(feed.hits).toEqual(['GET /rss']);
      expect(pending()).toBe(1);
      stop();
      expect(pending()).toBe(0);
      advance(2 * 60 * 60_000);
      expect(feed.hits).toEqual(['GET /rss']);
    } finally {
      await h.close();
    }
  });

  it('ignores a schedule it cannot read', async () => {
    const h = await createHarness();
    const { clock, pending } = manualClock();
    try {
      startScraperSchedule(h.app, 'every now and then', clock)();
      expect(pending()).toBe(0);
    } finally {
      await h.close();
    }
  });
});

describe('background jobs', () => {
  it('close runs left "started" by a dead process, and leave recent ones alone', async () => {
    const h = await createHarness();
    try {
      const old = new Date(Date.now() - 3 * 3600_000).toISOString();
      const recent = new Date().toISOString();
      await h.db.kysely.insertInto('scraper_logs').values([
        { source: 'hotukdeals', status: 'started', error: null, data_file: null, created_at: old, finished_at: null },
        { source: 'hotukdeals', status: 'started', error: null, data_file: null, created_at: recent, finished_at: null },
      ]).execute();
      const stop = startBackgroundJobs(h.app);
      const rows = await until(
        () => h.db.kysely.selectFrom('scraper_logs').select(['status', 'error']).orderBy('id').execute(),
        (r) => r[0].status === 'failed',
      );
      expect(rows[0]).toEqual({ status: 'failed', error: 'The run was interrupted (the server stopped before it finished)' });
      expect(rows[1].status).toBe('started');
      stop();
    } finally {
      await h.close();
    }
  });
});
