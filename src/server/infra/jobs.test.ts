/**
 * The job engine: once per tick whatever the number of processes (pg-boss on PostgreSQL; three engines on one
 * database stand for three processes), never overlapping runs in-process, and a job whose process died is run by
 * another. The pg-boss half needs PostgreSQL (skipped loudly without it, a failure in CI).
 */
import pino from 'pino';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, servicesOrSkip } from '../scale/services.js';
import { everyMs, InProcessEngine, type JobRun, PgBossEngine, tickJobId } from './jobs.js';

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the next whole second has just begun, so a short test sees whole ticks. */
async function atSecondStart() {
  await sleep(1000 - (Date.now() % 1000) + 20);
}

describe('ticks', () => {
  it('are on the clock, so every process names the same instants', () => {
    const next = everyMs(60_000);
    expect(next(new Date('2025-01-01T10:00:00.000Z')).toISOString()).toBe('2025-01-01T10:01:00.000Z');
    expect(next(new Date('2025-01-01T10:00:59.999Z')).toISOString()).toBe('2025-01-01T10:01:00.000Z');
    expect(tickJobId('scraper', new Date('2025-01-01T10:01:00Z'))).toBe(tickJobId('scraper', new Date('2025-01-01T10:01:00Z')));
    expect(tickJobId('scraper', new Date('2025-01-01T10:01:00Z'))).not.toBe(tickJobId('scraper', new Date('2025-01-01T10:02:00Z')));
    expect(tickJobId('scraper', new Date(0))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('in-process engine (SQLite, one process)', () => {
  it('runs at start and at each tick, skips a tick while the previous run goes on, and waits for runs on stop', async () => {
    const engine = new InProcessEngine(log);
    const dues: string[] = [];
    const slowDues: string[] = [];
    const runs: JobRun[] = [];
    engine.onRun((r) => runs.push(r));
    let finishedSlow = 0;
    engine.every('quick', 1000, async ({ due }) => {
      dues.push(due.toISOString());
    });
    engine.every('slow', 1000, async ({ due }) => {
      slowDues.push(due.toISOString());
      await sleep(1500);
      finishedSlow++;
    });
    engine.every(
      'broken',
      1000,
      async () => {
        throw new Error('boom');
      },
      { onError: () => {} },
    );
    await atSecondStart();
    await engine.start();
    await sleep(2600);
    await engine.stop();
    // At start (the current second) and at the next two seconds.
    expect(dues.length).toBe(3);
    expect(new Set(dues).size).toBe(3);
    for (const d of dues) expect(Date.parse(d) % 1000).toBe(0);
    // The slow job ran at start, skipped the tick during its run, ran again: stop waited for it to finish.
    expect(slowDues.length).toBe(2);
    expect(finishedSlow).toBe(2);
    expect(runs.filter((r) => r.name === 'broken').every((r) => r.outcome === 'failed')).toBe(true);
    expect(runs.filter((r) => r.name === 'quick').every((r) => r.outcome === 'completed')).toBe(true);
  });

  it('refuses a job defined twice or with an odd name', () => {
    const engine = new InProcessEngine(log);
    engine.every('one', 1000, async () => {});
    expect(() => engine.every('one', 1000, async () => {})).toThrow(/twice/);
    expect(() => engine.every('Not OK', 1000, async () => {})).toThrow(/lower-case/);
  });
});

const check = await servicesOrSkip('pg-boss job engine tests (src/server/infra/jobs.test.ts)', ['postgres']);

describe.skipIf(!check.run)('pg-boss engine (PostgreSQL, many processes)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  beforeAll(async () => {
    database = await createDatabase('quidsin_jobs');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs each tick exactly once across three processes', async () => {
    const ran: Array<{ engine: number; due: string }> = [];
    const engines = [0, 1, 2].map((i) => {
      const e = new PgBossEngine(log, { connectionString: database.url, pollingIntervalSeconds: 1 });
      e.every('tick-test', 1000, async ({ due }) => {
        ran.push({ engine: i, due: due.toISOString() });
        await sleep(50);
      });
      return e;
    });
    // Installing pg-boss's schema happens once, under its own lock, whichever starts first.
    await Promise.all(engines.map((e) => e.start()));
    await atSecondStart();
    await sleep(3200);
    await Promise.all(engines.map((e) => e.stop(5_000)));

    const dues = ran.map((r) => r.due);
    expect(dues.length).toBeGreaterThanOrEqual(3);
    expect(new Set(dues).size).toBe(dues.length); // no tick twice
    const seconds = [...new Set(dues)].map((d) => Date.parse(d)).sort();
    for (let i = 1; i < seconds.length; i++) expect(seconds[i] - seconds[i - 1]).toBe(1000); // no tick missed
    // One job row per tick, though all three processes sent each one.
    const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    const { rows } = await boss
      .getDb()
      .executeSql(`SELECT count(*)::int AS n, count(DISTINCT data->>'due')::int AS d FROM pgboss.job WHERE name = 'tick-test'`, []);
    await boss.stop({ graceful: false });
    expect(rows[0].n).toBe(rows[0].d);
  }, 30_000);

  it('gives the job of a process that died to another one', async () => {
    const due = new Date(Date.UTC(2030, 0, 1));
    // The dying process: it queued the tick and took it, then vanished without finishing or failing it.
    const dead = new PgBoss({ connectionString: database.url, supervise: false, schedule: false });
    await dead.start();
    await dead.createQueue('rescue-test', { name: 'rescue-test', policy: 'stately', expireInSeconds: 2, retryLimit: 2, retryDelay: 0 });
    await dead.send('rescue-test', { due: due.toISOString() }, { id: tickJobId('rescue-test', due) });
    const [taken] = await dead.fetch<{ due: string }>('rescue-test');
    expect(taken.data.due).toBe(due.toISOString());
    await dead.stop({ graceful: false, close: true });
    const before = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await before.start();
    expect((await before.getJobById('rescue-test', taken.id))?.state).toBe('active');
    await before.stop({ graceful: false });

    const rescued: string[] = [];
    const survivor = new PgBossEngine(log, {
      connectionString: database.url,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      retryDelaySeconds: 0,
    });
    // Due in the far future: the only run can be the orphaned tick.
    survivor.schedule(
      'rescue-test',
      () => new Date(Date.UTC(2099, 0, 1)),
      async ({ due: d }) => void rescued.push(d.toISOString()),
      { timeoutSeconds: 2 },
    );
    await survivor.start();
    const end = Date.now() + 15_000;
    while (rescued.length === 0 && Date.now() < end) await sleep(100);
    await survivor.stop(5_000);
    expect(rescued).toEqual([due.toISOString()]);
  }, 30_000);
});
