import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { notReadySchema, readySchema } from '../../shared/schemas/health.js';
import { replies } from '../../shared/schemas/envelope.js';
import type { RedisConnection } from './redis.js';
import type { UploadStorage } from './storage.js';

/**
 * GET /api/ready: may a load balancer send traffic here? The database, and Redis and the upload storage when they are
 * configured, must each answer within 1 s (checked in parallel). 200 with each check's result, or 503 naming what is
 * down; 503 too once the process is shutting down (SIGTERM), so the proxy stops sending before the listener closes.
 * GET /api/health stays the liveness check: it says the process is up, not that its dependencies are.
 */
export const READY_TIMEOUT_MS = 1_000;

export interface Readiness {
  /** From now on /api/ready answers 503 ("shutting down"). */
  markClosing(): void;
  /** Whether markClosing has been called. */
  readonly closing: boolean;
}

export interface ReadinessSources {
  db: Db;
  redis?: RedisConnection;
  storage?: UploadStorage;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

export function registerReadiness(app: FastifyInstance, sources: ReadinessSources): Readiness {
  let closing = false;
  const checks: Array<[name: string, run: () => Promise<unknown>]> = [['database', () => sql`SELECT 1`.execute(sources.db.kysely)]];
  const { redis, storage } = sources;
  if (redis) checks.push(['redis', () => redis.ping(READY_TIMEOUT_MS)]);
  if (storage && storage.kind !== 'local') checks.push(['storage', () => storage.check(READY_TIMEOUT_MS)]);

  app.get('/api/ready', { schema: { hide: true, response: { ...replies(readySchema), 503: notReadySchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) return reply.status(503).send({ success: false, error: 'Not ready: shutting down' });
    const results = await Promise.all(
      checks.map(async ([name, run]) => {
        try {
          await within(run(), READY_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (err) {
          // The reason goes to the log only: this page is often reachable from outside.
          app.log.warn({ check: name, err: (err as Error).message }, 'readiness check failed');
          return [name, 'down'] as const;
        }
      }),
    );
    const status = Object.fromEntries(results);
    const down = results.filter(([, s]) => s !== 'ok').map(([n]) => n);
    if (down.length)
      return reply
        .status(503)
        .send({ success: false, error: `Not ready: ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} down`, data: { checks: status } });
    return { success: true, data: { status: 'ready', checks: status } };
  });

  // Once closing, every answer (those of requests in flight included) asks the client to hang up, so no keep-alive
  // connection holds the shutdown open until it times out.
  // Callback style: an async hook would cost every response a promise and a microtask before it is written.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  return {
    markClosing: () => {
      closing = true;
    },
    get closing() {
      return closing;
    },
  };
}
