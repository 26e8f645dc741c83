import { describe, expect, it } from 'vitest';
import type { Db } from './connection.js';
import { cachedCount, invalidateDealCounts } from './count-cache.js';

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
