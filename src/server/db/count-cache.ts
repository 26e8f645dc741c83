import type { Db } from './connection.js';

/**
 * Counting every active deal of a million-row table costs far more than fetching a page, and the number barely moves.
 * Counts (and the per-category and per-store tallies) are kept per key for a short time and dropped on any write to
 * deals; votes drop only what depends on temperature. The TTL bounds staleness from changes made elsewhere and from
 * expiry dates passing.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

interface Entry {
  value: unknown;
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

export async function cached<T>(db: Db, key: string, votesSensitive: boolean, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await compute();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { value, at: Date.now(), votesSensitive });
  return value;
}

export const cachedCount = (db: Db, key: string, votesSensitive: boolean, compute: () => Promise<number>) =>
  cached<number>(db, `count:${key}`, votesSensitive, compute);

/** Call after creating, editing, deleting or changing the status of any deal, or renaming a category or store. */
export function invalidateDealCounts(db: Db): void {
  cacheOf(db).clear();
}

/** Call after a vote: only temperature-filtered counts can change. */
export function invalidateVoteCounts(db: Db): void {
  const cache = cacheOf(db);
  for (const [key, entry] of cache) if (entry.votesSensitive) cache.delete(key);
}
