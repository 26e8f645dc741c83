import { describe, expect, it, vi } from 'vitest';
import { SOFT_WINDOW_MS } from '../../plugins/read-cache/soft-writes.js';
import type { Db } from '../connection.js';
import { cachedCount, invalidateDealCounts, invalidateVoteCounts } from './count-cache.js';

describe('count cache', () => {
  it('shares one count between callers asking at once, and keeps it', async () => {
    const db = {} as Db;
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    expect(await Promise.all([cachedCount(db, 'k', false, compute), cachedCount(db, 'k', false, compute)])).toEqual([42, 42]);
    expect(await cachedCount(db, 'k', false, compute)).toBe(42);
    expect(calls).toBe(1);
  });

  it('neither keeps nor shares a count begun before a write', async () => {
    const db = {} as Db;
    let n = 0;
    const compute = async () => {
      const value = ++n;
      await new Promise((r) => setTimeout(r, 10));
      return value;
    };
    const before = cachedCount(db, 'k', false, compute);
    invalidateDealCounts(db);
    const after = cachedCount(db, 'k', false, compute);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cachedCount(db, 'k', false, compute)).toBe(2);
  });
});

describe('count cache under votes', () => {
  it('keeps every count through a vote; a temperature count ages out within the soft window after one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const db = {} as Db;
      let n = 0;
      const compute = async () => ++n;
      expect(await cachedCount(db, 'warm', true, compute)).toBe(1);
      expect(await cachedCount(db, 'all', false, async () => 100)).toBe(100);
      vi.setSystemTime(Date.now() + 1);
      invalidateVoteCounts(db);
      // Within the window: still the count from before the vote.
      expect(await cachedCount(db, 'warm', true, compute)).toBe(1);
      vi.setSystemTime(Date.now() + SOFT_WINDOW_MS);
      expect(await cachedCount(db, 'warm', true, compute)).toBe(2);
      // A count that does not depend on temperature is not touched by votes at all.
      expect(await cachedCount(db, 'all', false, async () => 101)).toBe(100);
      // With no vote since it was begun, a temperature count lives its whole TTL.
      vi.setSystemTime(Date.now() + SOFT_WINDOW_MS * 2);
      expect(await cachedCount(db, 'warm', true, compute)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
