import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { lazyRequire } from './lazy-require.js';

// Only a PostgreSQL site runs pg-boss (lazy-require.ts).
const pgModule = lazyRequire<typeof import('pg')>('pg');
const pgBoss = lazyRequire<typeof PgBoss>('pg-boss');

/**
 * Background work that must happen once per tick for the whole site, however many processes serve it (ARCHITECTURE
 * §10, "Background jobs"). Every process keeps the same timetable; at each due time it asks the engine to run the job
 * for that tick:
 * - in-process (SQLite, one process): the handler runs here, unless its previous run is still going;
 * - pg-boss (PostgreSQL): each process sends the tick as a job whose id is derived from the job's name and the tick's
 *   time, so the three sends of three processes make one job (the id is the key); one worker takes it. A job whose
 *   process dies is failed by pg-boss once its time limit passes and retried by another process (never lost); runs of
 *   one job never overlap (the queue's `stately` policy: one waiting, one running).
 */
export type TickHandler = (tick: { due: Date }) => Promise<void>;

export interface JobOptions {
  /** Longest run before another process may take the job over (pg-boss expiry). Default 15 minutes. */
  timeoutSeconds?: number;
  /** Also run for the tick in progress when the process starts (an interval job's "run now, then every ms"). */
  atStart?: boolean;
  onError?: (err: unknown) => void;
}

/** When a job is due next, strictly after `from`. */
export type NextTime = (from: Date) => Date;

export interface JobRun {
  name: string;
  outcome: 'completed' | 'failed';
  seconds: number;
}

export interface JobEngine {
  readonly kind: 'in-process' | 'pg-boss';
  /** Every `ms`, on the clock (ticks at multiples of `ms` since the epoch, the same instants in every process). */
  every(name: string, ms: number, handler: TickHandler, opts?: JobOptions): void;
  /** At the times `next` gives (a cron line, SCRAPER_CRON). */
  schedule(name: string, next: NextTime, handler: TickHandler, opts?: JobOptions): void;
  start(): Promise<void>;
  /** Stops ticking and taking jobs, and waits (up to `timeoutMs`) for runs in progress in this process. */
  stop(timeoutMs?: number): Promise<void>;
  /** Runs in progress in this process. */
  readonly running: number;
  /** Heard after each run in this process (metrics). */
  onRun(fn: (run: JobRun) => void): void;
}

interface Job {
  name: string;
  next: NextTime;
  handler: TickHandler;
  opts: JobOptions;
  /** Interval jobs: their tick length (the tick in progress at start is theirs too). */
  intervalMs?: number;
}

/** setTimeout's ceiling is about 24.8 days; longer waits are taken in steps. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

export const everyMs =
  (ms: number): NextTime =>
  (from) =>
    new Date((Math.floor(from.getTime() / ms) + 1) * ms);
const currentTick = (ms: number, now: Date) => new Date(Math.floor(now.getTime() / ms) * ms);

/** The timetable both engines share: one timer per job, re-armed after each due time, stopped on `stop`. */
class Ticker {
  private timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  arm(job: Job, fire: (due: Date) => void, from = new Date()): void {
    if (this.stopped) return;
    const due = job.next(from);
    const wait = () => {
      const left = due.getTime() - Date.now();
      const timer = setTimeout(
        () => {
          if (this.stopped) return;
          if (Date.now() < due.getTime()) return wait();
          fire(due);
          this.arm(job, fire, due);
        },
        Math.max(0, Math.min(left, MAX_WAIT_MS)),
      );
      timer.unref();
      this.timers.set(job.name, timer);
    };
    wait();
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

abstract class BaseEngine implements JobEngine {
  abstract readonly kind: 'in-process' | 'pg-boss';
  protected jobs: Job[] = [];
  protected ticker = new Ticker();
  protected inFlight = new Set<Promise<void>>();
  private listeners: Array<(run: JobRun) => void> = [];

  constructor(protected readonly log: FastifyBaseLogger) {}

  every(name: string, ms: number, handler: TickHandler, opts: JobOptions = {}): void {
    if (!(ms >= 1000)) throw new Error(`Job "${name}": the interval must be at least a second`);
    this.add({ name, next: everyMs(ms), handler, opts: { ...opts, atStart: opts.atStart ?? true }, intervalMs: ms });
  }

  schedule(name: string, next: NextTime, handler: TickHandler, opts: JobOptions = {}): void {
    this.add({ name, next, handler, opts });
  }

  private add(job: Job): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`Job "${job.name}" is defined twice`);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(job.name)) throw new Error(`Job name "${job.name}" must be lower-case words joined by hyphens`);
    this.jobs.push(job);
  }

  get running(): number {
    return this.inFlight.size;
  }

  onRun(fn: (run: JobRun) => void): void {
    this.listeners.push(fn);
  }

  /** Runs a handler here, timed, counted and logged; never throws. */
  protected async runHere(job: Job, due: Date): Promise<'completed' | 'failed'> {
    const started = performance.now();
    let outcome: 'completed' | 'failed' = 'completed';
    const run = (async () => {
      try {
        await job.handler({ due });
      } catch (err) {
        outcome = 'failed';
        if (job.opts.onError) job.opts.onError(err);
        else this.log.error({ err, job: job.name }, 'background job failed');
        throw err;
      }
    })();
    const tracked = run.catch(() => {});
    this.inFlight.add(tracked);
    try {
      await run;
    } catch {
      // Reported above.
    } finally {
      this.inFlight.delete(tracked);
      const seconds = (performance.now() - started) / 1000;
      for (const fn of this.listeners) fn({ name: job.name, outcome, seconds });
    }
    return outcome;
  }

  protected async waitForRuns(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([...this.inFlight]), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
  }

  protected startTicking(fire: (job: Job, due: Date) => void): void {
    const now = new Date();
    for (const job of this.jobs) {
      if (job.opts.atStart && job.intervalMs) fire(job, currentTick(job.intervalMs, now));
      this.ticker.arm(job, (due) => fire(job, due), now);
    }
  }

  abstract start(): Promise<void>;
  abstract stop(timeoutMs?: number): Promise<void>;
}

/** SQLite, one process: the handler runs here at each tick, skipped while its previous run is still going. */
export class InProcessEngine extends BaseEngine {
  readonly kind = 'in-process';
  private busy = new Set<string>();

  async start(): Promise<void> {
    this.startTicking((job, due) => {
      if (this.busy.has(job.name)) return;
      this.busy.add(job.name);
      void this.runHere(job, due).finally(() => this.busy.delete(job.name));
    });
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.ticker.stop();
    await this.waitForRuns(timeoutMs);
  }
}

export interface PgBossEngineOptions {
  connectionString: string;
  /** Seconds between a worker's looks for jobs it was not told about (retries); sends here wake it at once. */
  pollingIntervalSeconds?: number;
  /** Seconds between pg-boss's maintenance passes (expiring the jobs of dead processes). */
  maintenanceIntervalSeconds?: number;
  retryDelaySeconds?: number;
  schema?: string;
}

/** The id of a job's tick: the same in every process, so their sends collapse into one row. */
export function tickJobId(name: string, due: Date): string {
  const h = crypto.createHash('sha256').update(`quidsin:${name}:${due.toISOString()}`).digest();
  // Shaped as a version-5-style UUID (pg-boss ids are uuid).
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

const ENGINE_START_LOCK_KEY = 7_148_202_515_002;

async function withAdvisoryLock(connectionString: string, key: number, fn: () => Promise<void>): Promise<void> {
  const client = new (pgModule().Client)({ connectionString, application_name: 'quidsin-jobs-start' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    await fn();
  } finally {
    // Ending the session releases the lock whatever happened.
    await client.end().catch(() => {});
  }
}

/** PostgreSQL: ticks become pg-boss jobs, one per tick for all processes, run by one of them. */
export class PgBossEngine extends BaseEngine {
  readonly kind = 'pg-boss';
  readonly boss: PgBoss;
  private workers = new Map<string, string>();
  private started?: Promise<void>;
  private stopping = false;

  constructor(
    log: FastifyBaseLogger,
    private readonly options: PgBossEngineOptions,
  ) {
    super(log);
    this.boss = new (pgBoss())({
      connectionString: options.connectionString,
      schema: options.schema ?? 'pgboss',
      application_name: 'quidsin-jobs',
      max: 4,
      // The timetable is ours (SCRAPER_CRON allows "@every 1h30m"); pg-boss's cron is not used.
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 2,
    });
    let lastWarn = 0;
    this.boss.on('error', (err) => {
      // A restarting database makes every poll fail for a while: one line per minute is enough.
      if (Date.now() - lastWarn > 60_000) {
        lastWarn = Date.now();
        this.log.warn({ err }, 'job engine (pg-boss) error');
      }
    });
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      // Processes starting together would install the schema and create the queues (a partition each) at once, and
      // PostgreSQL can deadlock two such transactions: one process at a time, under an advisory lock.
      await withAdvisoryLock(this.options.connectionString, ENGINE_START_LOCK_KEY, async () => {
        await this.boss.start();
        for (const job of this.jobs) {
          const queue = {
            name: job.name,
            policy: 'stately' as const,
            expireInSeconds: job.opts.timeoutSeconds ?? 15 * 60,
            retryLimit: 2,
            retryDelay: this.options.retryDelaySeconds ?? 5,
          };
          // Created once; later starts (a new release) bring its time limit and retries up to date.
          await this.boss.createQueue(job.name, queue);
          await this.boss.updateQueue(job.name, queue);
        }
      });
      for (const job of this.jobs) {
        const id = await this.boss.work<{ due: string }>(
          job.name,
          { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 5, batchSize: 1 },
          async ([pgJob]) => {
            const outcome = await this.runHere(job, new Date(pgJob.data.due));
            // Failing the job lets pg-boss retry it (after retryDelay), here or elsewhere.
            if (outcome === 'failed') throw new Error(`${job.name} failed`);
          },
        );
        this.workers.set(job.name, id);
      }
      this.startTicking((job, due) => void this.send(job, due));
    })();
    return this.started;
  }

  private async send(job: Job, due: Date): Promise<void> {
    if (this.stopping) return;
    try {
      await this.boss.send(job.name, { due: due.toISOString() }, { id: tickJobId(job.name, due) });
      // Whoever sent first made the job; every process wakes its own worker and one of them gets it.
      const worker = this.workers.get(job.name);
      if (worker && !this.stopping) this.boss.notifyWorker(worker);
    } catch (err) {
      this.log.warn({ err, job: job.name }, 'could not queue a background job tick');
    }
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    this.ticker.stop();
    if (!this.started) return;
    await this.started.catch(() => {});
    // Graceful: stops fetching, waits for this process's runs, then fails what is still running (retried elsewhere).
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    await this.waitForRuns(1_000);
  }
}

export function createJobEngine(
  log: FastifyBaseLogger,
  db: { dialect: 'sqlite' | 'postgres' },
  databaseUrl?: string,
  options: Partial<PgBossEngineOptions> = {},
): JobEngine {
  if (db.dialect === 'postgres' && databaseUrl) return new PgBossEngine(log, { ...options, connectionString: databaseUrl });
  return new InProcessEngine(log);
}
