import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { explain } from '../../test/engines/explain.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { followingCountQuery, followingPageQuery } from '../deals/list/following.js';

/**
 * The Following tab and the follow fan-out read index ranges, never the deals or follows tables whole
 * (docs/notes/vouchers-follows.md "Speed"): each followed shop, category and member is one newest-first range of
 * (store_id | category_id | user_id, status, published_at, id), stopped after the page. On PostgreSQL a test database
 * is too small for the planner to prefer an index, so sequential scans are priced out for the EXPLAIN.
 */
describe('following query plans', () => {
  const {
    h,
    members: [m],
  } = useHarness({ members: 1 });

  const plan = (q: CompiledQuery) => explain(h, q);
  const set = () => ({ store: [1, 2], category: [3], member: [m.id] });

  it('pages the tab by one ordered range per followed thing, never scanning deals', async () => {
    for (let i = 0; i < 20; i++) await insertDeal(h, { status: 'active', store_id: 1 + (i % 4), category_id: 1 + (i % 5), user_id: i % 3 ? m.id : null });
    const p = await plan(followingPageQuery(h.db, set(), 30, 30, new Date()).compile(h.db.kysely));
    if (h.dialect === 'sqlite') {
      expect(p).toMatch(/deals_store_status_published_idx/);
      expect(p).toMatch(/deals_category_status_published_idx/);
      expect(p).toMatch(/deals_user_status_published_idx/);
      // Only the merged page (at most follows x page rows) is sorted; no deals range is.
      expect(p).not.toMatch(/SCAN d\b(?! USING)/);
    } else {
      // PostgreSQL's pick on an empty table means little (the benchmark measures it at a million deals): no scan here.
      expect(p).not.toMatch(/Seq Scan on deals/);
    }
  });

  it('counts the tab through the same ranges', async () => {
    const p = await plan(followingCountQuery(h.db, set(), new Date()).compile(h.db.kysely));
    expect(p).not.toMatch(h.dialect === 'sqlite' ? /SCAN d\b(?! USING)/ : /Seq Scan on deals/);
  });

  it('finds a deal’s followers by (target_type, target_id)', async () => {
    const q = h.db.kysely
      .selectFrom('follows')
      .select(['user_id', 'target_type', 'target_id'])
      .where((eb) =>
        eb.or([eb.and([eb('target_type', '=', 'store'), eb('target_id', '=', 1)]), eb.and([eb('target_type', '=', 'category'), eb('target_id', '=', 3)])]),
      )
      .compile();
    const p = await plan(q);
    expect(p).toMatch(/follows_target_idx/);
    expect(p).not.toMatch(h.dialect === 'sqlite' ? /SCAN follows\b(?! USING)/ : /Seq Scan on follows/);
  });

  it('reads a shop’s vouchers through an index, never the whole table', async () => {
    const q = h.db.kysely
      .selectFrom('vouchers as v')
      .select('v.id')
      .where('v.store_id', '=', 1)
      .where('v.status', '=', 'active')
      .orderBy('v.published_at', 'desc')
      .limit(20)
      .compile();
    const p = await plan(q);
    expect(p).not.toMatch(h.dialect === 'sqlite' ? /SCAN v\b(?! USING)/ : /Seq Scan on vouchers/);
  });

  it('notices a query that has no index to use (the check can fail)', async () => {
    const p = await plan(h.db.kysely.selectFrom('deals as d').select('d.id').where('d.description', '=', 'x').compile());
    expect(p).toMatch(h.dialect === 'sqlite' ? /SCAN d\b/ : /Seq Scan on deals/);
  });
});
