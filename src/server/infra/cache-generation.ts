import type { SharedGeneration } from '../plugins/read-cache/anonymous-cache.js';
import { SOFT_WINDOW_MS } from '../plugins/read-cache/soft-writes.js';
import type { RedisConnection } from './redis.js';

export const CACHE_GENERATION_KEY = 'quidsin:cache:generation';
/** A member's mark needs to outlive only the answers it makes stale (at most the caches' 10 s life). */
const MEMBER_MARK_MS = 30_000;

/**
 * The anonymous read cache's generation, shared by every process through one Redis key (ARCHITECTURE §8, "Many
 * processes"). A cached answer is served only while the key still holds the value it was stored under; every write
 * moves the key on (INCR) before its response is sent, so after that response no process serves an answer from
 * before the write. One GET of a few bytes per cacheable read; the cached bytes stay in each process's memory.
 *
 * Soft writes (plugins/read-cache/soft-writes.ts) move nothing: they set `<key>:soft` to the time of the latest one
 * and `<key>:member:<id>` to the writer's, which the same GET reads (one MGET of two or three keys per request).
 *
 * Redis away: `read` answers undefined at once (the cache is bypassed: every read goes to the database), a failed
 * bump or soft mark is owed as a bump and made when Redis is back, and every lost connection drops the local entries
 * (writes made meanwhile did not move the key).
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
  const softKey = `${key}:soft`;
  const memberKey = (id: number) => `${key}:member:${id}`;
  const time = (value: string | null | undefined) => (value ? Number(value) || 0 : 0);
  return {
    async read(memberId) {
      if (!redis.isReady()) return undefined;
      if (owed) {
        // A write went unannounced: nothing is served until the other processes have heard of it.
        await bump();
        if (owed) return undefined;
      }
      try {
        const keys = memberId === undefined ? [key, softKey] : [key, softKey, memberKey(memberId)];
        let [generation, softAt, memberAt] = await redis.client.mget(...keys);
        if (generation === null) {
          // A fresh Redis (restarted without persistence): start from a value no process has stored answers under.
          await redis.client.set(key, String(Date.now() * 1000), 'NX');
          generation = await redis.client.get(key);
          if (generation === null) return undefined;
        }
        return { shared: generation, softAt: time(softAt), memberAt: time(memberAt) };
      } catch (err) {
        redis.failed('cache generation read', err);
        return undefined;
      }
    },
    bump,
    async markSoftWrite(memberId, at) {
      if (!redis.isReady()) {
        owed = true;
        return;
      }
      try {
        const batch = redis.client.multi().set(softKey, String(at), 'PX', SOFT_WINDOW_MS * 24);
        if (memberId !== undefined) batch.set(memberKey(memberId), String(at), 'PX', MEMBER_MARK_MS);
        await batch.exec();
      } catch (err) {
        // The other processes might serve the writer an answer from before the write: move the generation instead.
        owed = true;
        redis.failed('cache soft write mark', err);
      }
    },
    onLost: (fn) => redis.onLost(fn),
  };
}
