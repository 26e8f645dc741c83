import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../../test/harness.js';
import { explain } from '../../../test/engines/explain.js';
import { trustedPostsQuery } from './review.js';

/**
 * "Posted by trusted members" reads the partial index deals_posted_live_idx (created_at, id) WHERE posted_live = 1
 * backwards and stops after its page: never the deals table, never a sort (docs/notes/posting.md). On PostgreSQL a
 * test database is too small for the planner to prefer an index, so sequential scans are priced out for the EXPLAIN.
 */
describe('trusted posts query plan', () => {
  const { h } = useHarness();
  const plan = (q: CompiledQuery) => explain(h, q);

  it('walks the partial index newest first without sorting', async () => {
    const p = await plan(trustedPostsQuery(h.db.kysely).compile());
    expect(p).toMatch(/deals_posted_live_idx/);
    if (h.dialect === 'sqlite') expect(p).not.toMatch(/TEMP B-TREE|SCAN d\b(?! USING)/);
    else expect(p).not.toMatch(/Seq Scan on deals|Sort\b/);
  });

  it('notices a deals query with no index to use (the check can fail)', async () => {
    const p = await plan(h.db.kysely.selectFrom('deals').select('id').where('coupon', '=', 'x').compile());
    expect(p).toMatch(h.dialect === 'sqlite' ? /SCAN deals/ : /Seq Scan on deals/);
  });
});
