import type { SharedGeneration } from '../plugins/read-cache/anonymous-cache.js';
import type { RedisConnection } from './redis.js';

export const CACHE_GENERATION_KEY = 'quidsin:cache:generation';

/**
 * The anonymous read cache's generation, shared by every process through one Redis key (ARCHITECTURE §8, "Many
 * processes"). A cached answer is served only while the key still holds the value it was stored under; every write
 * moves the key on (INCR) before its response is sent, so after that response no process serves an answer from
 * before the write. One GET of a few bytes per cacheable read; the cached bytes stay in each process's memory.
 *
 * Redis away: `read` answers undefined at once (the cache is bypassed: every read goes to the database), a failed
 * bump is owed and made when Redis is back, and every lost connection drops the local entries (writes made meanwhile
 * did not move the key).
 */
export function redisCacheGeneration(redis: RedisConnection, key = CACHE_GENERATION_KEY): SharedGeneration {
  let owed = false;
  const bump = async () => {
    if (!redis.isReady()) {
      owed = true;
      return;
    }
    try {
      await redis.client.incr(key);
      owed = false;
    } catch (err) {
      owed = true;
      redis.failed('cache generation bump', err);
    }
  };
  redis.onReady(() => {
    if (owed) void bump();
  });
  return {
    async read() {
      if (!redis.isReady()) return undefined;
      if (owed) {
        // A write went unannounced: nothing is served until the other processes have heard of it.
        await bump();
        if (owed) return undefined;
      }
      try {
        const value = await redis.client.get(key);
        if (value !== null) return value;
        // A fresh Redis (restarted without persistence): start from a value no process has stored answers under.
        await redis.client.set(key, String(Date.now() * 1000), 'NX');
        return (await redis.client.get(key)) ?? undefined;
      } catch (err) {
        redis.failed('cache generation read', err);
        return undefined;
      }
    },
    bump,
    onLost: (fn) => redis.onLost(fn),
  };
}
