import { type CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../../test/harness.js';
import { trustedPostsQuery } from './review.js';

/**
 * "Posted by trusted members" reads the partial index deals_posted_live_idx (created_at, id) WHERE posted_live = 1
 * backwards and stops after its page: never the deals table, never a sort (docs/notes/posting.md). On PostgreSQL a
 * test database is too small for the planner to prefer an index, so sequential scans are priced out for the EXPLAIN.
 */
describe('trusted posts query plan', () => {
  const { h } = useHarness();
  const plan = async (q: CompiledQuery): Promise<string> => {
    if (h.dialect === 'sqlite') {
      const rows = h.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>;
      return rows.map((r) => r.detail).join('\n');
    }
    return h.db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `EXPLAIN ${q.sql}` } as CompiledQuery<{ 'QUERY PLAN': string }>);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  };

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
