import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisConnection } from './redis.js';

/**
 * @fastify/rate-limit's counters in Redis, so a limit of N holds across every process together. The counting is the
 * plugin's own Redis store's (one INCR + PEXPIRE script a request, the window starting at the first hit); what this
 * adds is failing open: when Redis is down or slow the request is let through (the plugin's `skipOnError`), the
 * failure is counted and logged (once per outage, by the connection), and counting resumes by itself when Redis is
 * back. Keys are per route (method + URL) and caller, the same budgets as the in-memory store.
 */
const SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
else
  ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
end
return {current, ttl}
`;

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

interface RateLimitClient {
  quidsinRateLimit(key: string, timeWindow: number): Promise<[number, number]>;
}

export const RATE_LIMIT_KEY_PREFIX = 'quidsin:rl:';

/** The store class @fastify/rate-limit constructs (`store` option). */
export function redisRateLimitStore(redis: RedisConnection): FastifyRateLimitStoreCtor {
  if (!('quidsinRateLimit' in redis.client)) redis.client.defineCommand('quidsinRateLimit', { numberOfKeys: 1, lua: SCRIPT });
  const client = redis.client as unknown as RateLimitClient;

  class FailOpenRedisStore {
    constructor(
      _options?: unknown,
      private readonly prefix = RATE_LIMIT_KEY_PREFIX,
    ) {}

    // The plugin passes the route's window (ms) and max after the callback (its types omit them).
    incr(key: string, cb: IncrCallback, timeWindow = 60_000): void {
      if (!redis.isReady()) {
        const err = new Error('Redis is not connected');
        redis.failed('rate limit', err);
        cb(err);
        return;
      }
      client.quidsinRateLimit(this.prefix + key, timeWindow).then(
        ([current, ttl]) => cb(null, { current, ttl }),
        (err: Error) => {
          redis.failed('rate limit', err);
          cb(err);
        },
      );
    }

    // At run time the plugin passes the merged route limits with `routeInfo` (the route's options).
    child(routeOptions: object): FailOpenRedisStore {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = [info?.method ?? ''].flat().join(',');
      return new FailOpenRedisStore(undefined, `${this.prefix}${method}${info?.url ?? ''}-`);
    }
  }
  return FailOpenRedisStore as unknown as FastifyRateLimitStoreCtor;
}
