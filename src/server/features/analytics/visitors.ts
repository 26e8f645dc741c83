import crypto from 'node:crypto';
import type { RedisConnection } from '../../infra/redis.js';

/**
 * Telling visitors apart without a cookie or anything personal (docs/notes/analytics.md, Plausible's method): a visitor
 * is sha256(daily salt, address, user agent). The salt is random, made afresh for each UTC day, held in memory (or in
 * Redis with a two-day expiry, so every process hashes alike) and never written to the database or a log; once it is
 * gone, yesterday's hashes cannot be recomputed, so nobody can be followed from one day to the next.
 */
export interface VisitorStore {
  /** The salt of a UTC day (YYYY-MM-DD), made on first use. */
  salt(day: string): Promise<string>;
  /** True the first time `key` is seen within `ttlMs`, false while it is remembered. */
  firstSeen(key: string, ttlMs: number, now: number): Promise<boolean>;
}

const randomSalt = () => crypto.randomBytes(32).toString('hex');

/** The visitor's hash: the address and user agent under the day's salt (hex, 128 bits are plenty to tell apart). */
export const visitorHash = (salt: string, address: string, userAgent: string): string =>
  crypto.createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex').slice(0, 32);

/** At most this many remembered visits per process: past it the oldest are forgotten (a visit may then count twice). */
const MAX_REMEMBERED = 500_000;

/** One process's memory: the salts of today and yesterday, and the visits seen in the last 30 minutes. */
export class MemoryVisitorStore implements VisitorStore {
  private readonly salts = new Map<string, string>();
  /** key -> expiry; insertion order is expiry order (one TTL for all), so the expired ones are at the front. */
  private readonly seen = new Map<string, number>();

  async salt(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = randomSalt();
      this.salts.set(day, salt);
      // Older days' salts are dropped: their hashes can never be made again.
      for (const d of this.salts.keys()) if (d < day) this.salts.delete(d);
    }
    return salt;
  }

  async firstSeen(key: string, ttlMs: number, now: number): Promise<boolean> {
    this.prune(now);
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.delete(key);
    this.seen.set(key, now + ttlMs);
    return true;
  }

  /** How many visits are remembered (tests). */
  get size(): number {
    return this.seen.size;
  }

  private prune(now: number) {
    for (const [key, until] of this.seen) {
      if (until > now && this.seen.size < MAX_REMEMBERED) break;
      this.seen.delete(key);
    }
  }
}

export const SALT_KEY_PREFIX = 'quidsin:analytics:salt:';
export const SEEN_KEY_PREFIX = 'quidsin:analytics:seen:';

/**
 * The same, shared by every process through Redis: the day's salt is SET NX by whichever process needs it first (two
 * days' expiry, so it outlives its day only long enough for requests in flight at midnight), a visit is SET NX PX with
 * the dedup window. Redis away or slow: this process falls back to its own memory (a visitor may then count once per
 * process instead of once), and counting never waits on Redis for longer than a command's timeout.
 */
export class RedisVisitorStore implements VisitorStore {
  private readonly salts = new Map<string, string>();
  constructor(
    private readonly redis: RedisConnection,
    private readonly local = new MemoryVisitorStore(),
  ) {}

  async salt(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    if (this.redis.isReady()) {
      try {
        const key = `${SALT_KEY_PREFIX}${day}`;
        await this.redis.client.set(key, randomSalt(), 'EX', 2 * 86_400, 'NX');
        const shared = await this.redis.client.get(key);
        if (shared) {
          for (const d of this.salts.keys()) if (d < day) this.salts.delete(d);
          this.salts.set(day, shared);
          return shared;
        }
      } catch (err) {
        this.redis.failed('analytics salt', err);
      }
    }
    // Not remembered: the shared salt is asked for again on the next visit.
    return this.local.salt(day);
  }

  async firstSeen(key: string, ttlMs: number, now: number): Promise<boolean> {
    if (this.redis.isReady()) {
      try {
        return (await this.redis.client.set(`${SEEN_KEY_PREFIX}${key}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch (err) {
        this.redis.failed('analytics dedup', err);
      }
    }
    return this.local.firstSeen(key, ttlMs, now);
  }
}
