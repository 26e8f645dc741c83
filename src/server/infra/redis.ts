import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { lazyRequire } from './lazy-require.js';

// Only with REDIS_URL (lazy-require.ts).
const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');

/**
 * The one Redis connection of a process (REDIS_URL): rate-limit counters and the anonymous read cache's shared
 * generation. Redis is a helper, never a dependency of a request:
 * - commands fail at once while the connection is down (no offline queue) and time out after `commandTimeoutMs`, so
 *   a request never waits on a Redis that is gone; callers fail open (rate limits) or bypass (the read cache);
 * - the client reconnects by itself forever (backoff up to 2 s), and says so in the log once per outage;
 * - `onLost` listeners hear of every lost connection (the read cache drops what it holds: writes made while Redis was
 *   away did not move the shared generation), `onReady` listeners of every (re)connection.
 */
export interface RedisConnection {
  client: Redis;
  /** True while commands can be sent. */
  isReady(): boolean;
  onLost(fn: () => void): void;
  onReady(fn: () => void): void;
  /** PING within `ms`, for /api/ready. */
  ping(ms: number): Promise<void>;
  /** Resolves when first connected, or after `ms` either way (the process starts without Redis if it must). */
  waitUntilReady(ms: number): Promise<boolean>;
  /** Counted failures of commands (metrics). */
  readonly failures: number;
  /** Notes a failed command: counted, and logged at most once per outage. */
  failed(what: string, err: unknown): void;
  close(): Promise<void>;
}

export interface RedisOptions {
  commandTimeoutMs?: number;
  /** Distinguishes the process's connection in CLIENT LIST. */
  name?: string;
}

/** The URL without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://(unparsable)';
  }
}

export function connectRedis(url: string, log: FastifyBaseLogger, opts: RedisOptions = {}): RedisConnection {
  const client = new (ioredis().Redis)(url, {
    connectionName: opts.name ?? 'quidsin',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: opts.commandTimeoutMs ?? 500,
    connectTimeout: 1_000,
    enableAutoPipelining: true,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
    lazyConnect: false,
  });
  const lost: Array<() => void> = [];
  const ready: Array<() => void> = [];
  let up = false;
  let everUp = false;
  let outageLogged = false;
  let failures = 0;
  let lastFailureLog = 0;
  let closed = false;
  const where = redactRedisUrl(url);

  client.on('ready', () => {
    up = true;
    if (everUp) log.warn({ redis: where }, 'Redis is back: rate limits are shared and the read cache is on again');
    everUp = true;
    outageLogged = false;
    for (const fn of ready) fn();
  });
  const down = (err?: unknown) => {
    const wasUp = up;
    up = false;
    if (wasUp) for (const fn of lost) fn();
    if (!outageLogged && !closed) {
      outageLogged = true;
      log.warn(
        { redis: where, err: err instanceof Error ? err.message : undefined },
        'Redis unavailable: rate limits fail open and the anonymous read cache is bypassed until it is back',
      );
    }
  };
  client.on('close', () => down());
  client.on('end', () => down());
  // Without a listener ioredis would print every reconnection error; one warning per outage is enough.
  client.on('error', (err) => down(err));

  return {
    client,
    isReady: () => up && client.status === 'ready',
    onLost: (fn) => void lost.push(fn),
    onReady: (fn) => void ready.push(fn),
    async ping(ms) {
      if (client.status !== 'ready') throw new Error(`not connected (${client.status})`);
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    waitUntilReady(ms) {
      if (client.status === 'ready') return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        timer.unref();
        ready.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    get failures() {
      return failures;
    },
    failed(what, err) {
      failures++;
      // Once per outage, and at most once a minute while connected (slow or failing commands).
      if (!outageLogged && !closed && Date.now() - lastFailureLog > 60_000) {
        lastFailureLog = Date.now();
        if (!up) outageLogged = true;
        log.warn({ redis: where, what, err: err instanceof Error ? err.message : String(err) }, 'Redis command failed: failing open');
      }
    },
    async close() {
      closed = true;
      lost.length = 0;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
