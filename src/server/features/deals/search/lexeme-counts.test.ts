import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearch } from '../../../../shared/domain/search/query.js';
import { invalidateDealCounts } from '../../../db/reads/count-cache.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { countForPage } from '../list/list-query.js';
import { liveMatchesAtMost } from './lexeme-counts.js';

/**
 * PostgreSQL's upper bound of a search's live matches from the lexeme counts (migration 013), which lets a search few
 * deals can match be fetched through the full-text index instead of walking the sort order. It must never be below
 * the real count (a search would then be fetched and sorted whatever its size), and should be tight for one word.
 */
describe('the lexeme counts bound a search from above', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness();
    for (const title of ['Garden gazebo 3x3m', 'Gazebos for the garden', 'Pop-up gazebo side walls', 'Samsung 55in TV', 'LG television 65 inch'])
      await insertDeal(h, { title, description: 'Outdoor and living room' });
    await insertDeal(h, { title: 'Old gazebo', status: 'expired' });
    invalidateDealCounts(h.db);
  });
  afterAll(() => h.close());

  const bound = (q: string) => liveMatchesAtMost(h.db, parseSearch(q));

  it('says nothing on SQLite (its searches count their matches by the full-text index)', async () => {
    if (h.dialect !== 'sqlite') return;
    expect(await bound('gazebo')).toBeNull();
  });

  it('is exact for one word, 0 for a word no deal holds, and never below the count', async () => {
    if (h.dialect !== 'postgres') return;
    expect(await bound('gazebo')).toBe(3);
    expect(await bound('gazbeo')).toBe(0);
    expect(await bound('gazbeo garden')).toBe(0);
    expect(await bound('"garden gazebo"')).toBe(2);
    for (const q of ['gazebo', 'gaz', 'garden gazebo', '"garden gazebo"', 'tv', 'telly', 'television', '55 inch', 'gazebo -walls', 'outdoor', 'the gazebo']) {
      const n = await bound(q);
      const { total } = await countForPage(h.db, { filters: { status: 'active', search: q } });
      expect(n, q).not.toBeNull();
      expect(n, q).toBeGreaterThanOrEqual(total);
    }
    // A synonym group counts each of its forms: tv | television | telly.
    expect(await bound('telly')).toBeGreaterThanOrEqual(2);
  });
});
