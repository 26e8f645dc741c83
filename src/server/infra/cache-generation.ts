import type { SharedGeneration } from '../plugins/read-cache/anonymous-cache.js';
import { SOFT_WINDOW_MS } from '../plugins/read-cache/soft-writes.js';
import type { RedisConnection } from './redis.js';

export const CACHE_GENERATION_KEY = 'quidsin:cache:generation';
/** A member's mark needs to outlive only the answers it makes stale (at most the caches' 10 s life). */
const MEMBER_MARK_MS = 30_000;
/** The lists' and the deals' marks likewise. */
const MARK_MS = SOFT_WINDOW_MS * 24;
/** Sets each key to ARGV[1] (with a life of ARGV[2] ms) unless it already holds a later time. */
const LATEST_MARK = `for _, k in ipairs(KEYS) do
  local cur = tonumber(redis.call('GET', k) or '0')
  if cur < tonumber(ARGV[1]) then redis.call('SET', k, ARGV[1], 'PX', ARGV[2]) end
end
return 1`;

/** The script above as a command of the connection (ioredis's defineCommand; numkeys first, as for EVAL). */
type LatestMark = { quidsinLatestMark(numKeys: number, ...keysThenArgs: string[]): Promise<unknown> };

/**
 * The anonymous read cache's generation, shared by every process through one Redis key (ARCHITECTURE §8, "Many
 * processes"). A cached answer is served only while the key still holds the value it was stored under; every write
 * moves the key on (INCR) before its response is sent, so after that response no process serves an answer from
 * before the write. One GET of a few bytes per cacheable read; the cached bytes stay in each process's memory.
 *
 * Soft writes (plugins/read-cache/soft-writes.ts) move nothing: they set the time of the latest one on what they
 * changed (`<key>:soft` the lists, `<key>:soft:all` anything, `<key>:deal:<id>` one deal) and `<key>:member:<id>` the
 * writer's, which the same read asks for (one MGET of three to five keys per request).
 *
 * Redis away: `read` answers undefined at once (the cache is bypassed: every read goes to the database), a failed
 * bump or soft mark is owed as a bump and made when Redis is back, and every lost connection drops the local entries
 * (writes made meanwhile did not move the key).
 */
export function redisCacheGeneration(redis: RedisConnection, key = CACHE_GENERATION_KEY): SharedGeneration {
  let owed = false;
  // Sent once per connection, then called by its hash (EVALSHA): a soft write does not carry the script's text.
  const client = redis.client as RedisConnection['client'] & Partial<LatestMark>;
  if (!client.quidsinLatestMark) client.defineCommand('quidsinLatestMark', { lua: LATEST_MARK });
  const latestMark = client as RedisConnection['client'] & LatestMark;
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
  const listsKey = `${key}:soft`;
  const allKey = `${key}:soft:all`;
  const memberKey = (id: number) => `${key}:member:${id}`;
  const dealKey = (id: number) => `${key}:deal:${id}`;
  const time = (value: string | null | undefined) => (value ? Number(value) || 0 : 0);
  return {
    async read(memberId, dealId) {
      if (!redis.isReady()) return undefined;
      if (owed) {
        // A write went unannounced: nothing is served until the other processes have heard of it.
        await bump();
        if (owed) return undefined;
      }
      try {
        const keys = [key, listsKey, allKey];
        if (memberId !== undefined) keys.push(memberKey(memberId));
        if (dealId !== undefined) keys.push(dealKey(dealId));
        const values = await redis.client.mget(...keys);
        let generation = values[0];
        if (generation === null) {
          // A fresh Redis (restarted without persistence): start from a value no process has stored answers under.
          await redis.client.set(key, String(Date.now() * 1000), 'NX');
          generation = await redis.client.get(key);
          if (generation === null) return undefined;
        }
        return {
          shared: generation,
          listsAt: time(values[1]),
          allAt: time(values[2]),
          memberAt: memberId === undefined ? 0 : time(values[3]),
          dealAt: dealId === undefined ? 0 : time(values[keys.length - 1]),
        };
      } catch (err) {
        redis.failed('cache generation read', err);
        return undefined;
      }
    },
    bump,
    async markSoftWrite(memberId, at, scope) {
      if (!redis.isReady()) {
        owed = true;
        return;
      }
      const marked = scope.kind === 'all' ? [listsKey, allKey] : scope.kind === 'deal' ? [dealKey(scope.dealId), ...(scope.lists ? [listsKey] : [])] : [];
      try {
        // Two commands in one round trip (the connection pipelines what is sent in the same tick), each failing on its
        // own: the script is called by its hash and sent again by the client when Redis answers that it forgot it.
        await Promise.all([
          // Processes mark at nearly the same moment: a mark only ever moves forward (a later SET of an earlier time
          // would make answers read between the two look fresher than they are).
          marked.length > 0 ? latestMark.quidsinLatestMark(marked.length, ...marked, String(at), String(MARK_MS)) : undefined,
          memberId !== undefined ? redis.client.set(memberKey(memberId), String(at), 'PX', MEMBER_MARK_MS) : undefined,
        ]);
      } catch (err) {
        // The other processes might serve the writer an answer from before the write: move the generation instead.
        owed = true;
        redis.failed('cache soft write mark', err);
      }
    },
    onLost: (fn) => redis.onLost(fn),
  };
}
