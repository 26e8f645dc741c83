import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import type { AnonymousCache } from '../plugins/read-cache/anonymous-cache.js';
import type { JobEngine } from './jobs.js';
import type { RedisConnection } from './redis.js';

/**
 * GET /metrics in Prometheus' text format (prom-client), for the operator's scraper only: served when METRICS_TOKEN is
 * set and the request carries it (`Authorization: Bearer <token>`); anything else is a 404, as if there were no such
 * page. What it tells:
 * - quidsin_http_requests_total / quidsin_http_request_duration_seconds by method, route (the route's pattern, never
 *   the raw URL) and status;
 * - quidsin_db_pool_connections by state (PostgreSQL pool: total, idle, waiting);
 * - quidsin_read_cache_requests_total by result (hit, miss, bypassed) and quidsin_read_cache_hit_ratio;
 * - quidsin_job_runs_total by job and outcome, quidsin_job_duration_seconds;
 * - quidsin_mail_outbox_depth (mails waiting to be sent; absent until the outbox table exists);
 * - quidsin_analytics_events_total by kind (click, view) and result (counted, repeat, ignored: features/analytics);
 * - quidsin_redis_up, quidsin_redis_failures_total; and Node's process metrics (quidsin_process_*, quidsin_nodejs_*).
 */
export interface MetricsSources {
  db: Db;
  cache?: () => AnonymousCache | undefined;
  redis?: RedisConnection;
}

export interface Metrics {
  registry: Registry;
  /** Counts the runs of a job engine's jobs. */
  observeJobs(engine: JobEngine): void;
}

const tokensMatch = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

function bearer(request: FastifyRequest): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return m?.[1];
}

export function registerMetrics(app: FastifyInstance, token: string | undefined, sources: MetricsSources): Metrics {
  const registry = new Registry();
  const jobRuns = new Counter({
    name: 'quidsin_job_runs_total',
    help: 'Background job runs in this process, by job and outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'quidsin_job_duration_seconds',
    help: 'Background job run time',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const metrics: Metrics = {
    registry,
    observeJobs(engine) {
      engine.onRun((run) => {
        jobRuns.inc({ job: run.name, outcome: run.outcome });
        jobDuration.observe({ job: run.name }, run.seconds);
      });
    },
  };

  if (!token) {
    // Nothing is measured and nothing is served: /metrics is a 404 like any unknown page.
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.status(404).send({ success: false, error: 'Not found' }));
    return metrics;
  }

  collectDefaultMetrics({ register: registry, prefix: 'quidsin_' });
  const requests = new Counter({
    name: 'quidsin_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'quidsin_http_request_duration_seconds',
    help: 'HTTP request duration, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const { db } = sources;
  new Gauge({
    name: 'quidsin_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; SQLite has one connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (db.pool) {
        this.set({ state: 'total' }, db.pool.totalCount);
        this.set({ state: 'idle' }, db.pool.idleCount);
        this.set({ state: 'waiting' }, db.pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });

  const cacheStats = () => sources.cache?.()?.stats;
  new Counter({
    name: 'quidsin_read_cache_requests_total',
    help: 'Anonymous cacheable reads by result: hit, miss, bypassed (shared generation unreachable)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const s = cacheStats();
      if (!s) return;
      this.reset();
      this.inc({ result: 'hit' }, s.hits);
      this.inc({ result: 'miss' }, s.misses);
      this.inc({ result: 'bypassed' }, s.bypassed ?? 0);
    },
  });
  new Gauge({
    name: 'quidsin_read_cache_hit_ratio',
    help: 'Hits over all cacheable anonymous reads since start',
    registers: [registry],
    collect() {
      const s = cacheStats();
      const total = s ? s.hits + s.misses + (s.bypassed ?? 0) : 0;
      this.set(s && total > 0 ? s.hits / total : 0);
    },
  });

  const outbox = new Gauge({
    name: 'quidsin_mail_outbox_depth',
    help: 'Mails waiting in the outbox (not sent, not given up)',
    registers: [registry],
    async collect() {
      try {
        const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(
          db.kysely,
        );
        this.set(Number(rows[0]?.n ?? 0));
      } catch {
        // No outbox table (yet): the series is left out.
        this.reset();
      }
    },
  });
  void outbox;

  if (sources.redis) {
    const redis = sources.redis;
    new Gauge({
      name: 'quidsin_redis_up',
      help: '1 while this process is connected to Redis',
      registers: [registry],
      collect() {
        this.set(redis.isReady() ? 1 : 0);
      },
    });
    new Counter({
      name: 'quidsin_redis_failures_total',
      help: 'Redis commands that failed (the request went on without Redis)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(redis.failures);
      },
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = bearer(request);
    if (!given || !tokensMatch(given, token)) return reply.status(404).send({ success: false, error: 'Not found' });
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
  return metrics;
}
