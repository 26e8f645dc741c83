import { SOFT_WINDOW_MS } from '../../plugins/read-cache/soft-writes.js';
import type { Db } from '../connection.js';

/**
 * Counting every active deal of a million-row table costs far more than fetching a page, and the number barely moves.
 * Counts (and the per-category and per-store tallies) are kept per key for a short time and dropped on any write to
 * deals. Votes arrive every second and move only what depends on temperature: those counts are kept for at most
 * SOFT_WINDOW_MS after they were begun once a vote has come since (as the read cache treats votes, soft-writes.ts),
 * rather than dropped on every vote, which under a steady stream of votes kept none. The TTL bounds staleness from
 * changes made elsewhere and from expiry dates passing.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

interface Entry {
  value: unknown;
  /** When the count was begun. */
  at: number;
  votesSensitive: boolean;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Counts being computed, per database and key: callers asking at the same moment share one query. */
const pending = new WeakMap<Db, Map<string, Promise<unknown>>>();
/** Moves on with every invalidation: a count begun before one is neither kept nor shared after it. */
const generations = new WeakMap<Db, number>();
const generationOf = (db: Db) => generations.get(db) ?? 0;
/** When the latest vote was counted, per database. */
const votedAt = new WeakMap<Db, number>();
const fresh = (db: Db, entry: Entry, now: number) =>
  now - entry.at < TTL_MS && (!entry.votesSensitive || (votedAt.get(db) ?? 0) < entry.at || now - entry.at < SOFT_WINDOW_MS);
function invalidated(db: Db) {
  generations.set(db, generationOf(db) + 1);
  pending.get(db)?.clear();
}

export async function cached<T>(db: Db, key: string, votesSensitive: boolean, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && fresh(db, hit, Date.now())) return hit.value as T;
  let running = pending.get(db);
  if (!running) {
    running = new Map();
    pending.set(db, running);
  }
  const inFlight = running.get(key);
  if (inFlight) return inFlight as Promise<T>;
  const generation = generationOf(db);
  const begun = Date.now();
  const work = compute().finally(() => {
    if (running.get(key) === work) running.delete(key);
  });
  running.set(key, work);
  const value = await work;
  // A write while it was counting may have changed the answer: it is returned, not kept.
  if (generationOf(db) === generation) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, { value, at: begun, votesSensitive });
  }
  return value;
}

export const cachedCount = (db: Db, key: string, votesSensitive: boolean, compute: () => Promise<number>) =>
  cached<number>(db, `count:${key}`, votesSensitive, compute);

/** Call after creating, editing, deleting or changing the status of any deal, or renaming a category or store. */
export function invalidateDealCounts(db: Db): void {
  cacheOf(db).clear();
  invalidated(db);
}

/** Call after a vote: only temperature-filtered counts can change, and they age out within SOFT_WINDOW_MS. */
export function invalidateVoteCounts(db: Db): void {
  votedAt.set(db, Date.now());
}
