import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { DEDUP_WINDOW_MS, dayOf } from '../../../shared/domain/shops/analytics.js';
import type { Db } from '../../db/connection.js';
import { Tally, writeCounts } from './tally.js';
import { type VisitorStore, visitorHash } from './visitors.js';

/** Counts are written this often: a crash loses at most this much of them (docs/notes/analytics.md). */
export const FLUSH_EVERY_MS = 5_000;

export type VisitKind = 'click' | 'view';

/** Who visited what: the address and user agent are hashed at once and never kept. */
export interface Visit {
  dealId: number;
  address: string;
  userAgent: string;
}

export interface RecorderOptions {
  db: Db;
  visitors: VisitorStore;
  /** The clock (tests move it: the daily salt, the 30-minute window, the day a count lands on). */
  now?: () => number;
  flushEveryMs?: number;
  registry?: Registry;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Outbound clicks and deal views, counted once per visitor per deal per 30 minutes, gathered in memory and added to
 * the per-day counts every few seconds (and on close). Nothing about the visitor is kept beyond the 30 minutes of its
 * dedup key, which is itself a salted hash.
 */
export class AnalyticsRecorder {
  private readonly tally = new Tally();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly events: Counter<'kind' | 'result'> | undefined;

  constructor(private readonly opts: RecorderOptions) {
    this.now = opts.now ?? Date.now;
    this.events = opts.registry
      ? new Counter({
          name: 'quidsin_analytics_events_total',
          help: 'Outbound clicks and deal views by kind and result: counted, repeat (same visitor within 30 minutes), ignored (bots, prefetches, HEAD)',
          labelNames: ['kind', 'result'],
          registers: [opts.registry],
        })
      : undefined;
  }

  /** Starts the periodic flush. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.opts.flushEveryMs ?? FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the periodic flush and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** A request that is not a person's visit (bot, prefetch, HEAD): only the metric hears of it. */
  ignored(kind: VisitKind): void {
    this.events?.inc({ kind, result: 'ignored' });
  }

  /** Counts the visit unless the same visitor made it within the window; true when counted. */
  async record(kind: VisitKind, visit: Visit, tagged = false): Promise<boolean> {
    const at = this.now();
    const day = dayOf(at);
    const visitor = visitorHash(await this.opts.visitors.salt(day), visit.address, visit.userAgent);
    const first = await this.opts.visitors.firstSeen(`${kind}:${visit.dealId}:${visitor}`, DEDUP_WINDOW_MS, at);
    this.events?.inc({ kind, result: first ? 'counted' : 'repeat' });
    if (first) this.tally.add(visit.dealId, day, kind === 'click' ? 'clicks' : 'views', tagged);
    return first;
  }

  /** Writes the gathered counts now (one flush at a time; a second caller waits for the running one, then flushes). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.tally.size === 0) return;
    const rows = this.tally.take();
    this.flushing = writeCounts(this.opts.db, rows)
      .catch((err) => {
        this.tally.restore(rows);
        this.opts.log?.error({ err }, 'analytics: writing the counts failed, kept for the next flush');
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }
}
