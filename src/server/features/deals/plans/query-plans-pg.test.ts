import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal, seedPlanFixture } from '../../../test/data/deal-helpers.js';
import { invalidateDealCounts } from '../../../db/reads/count-cache.js';
import { CATALOG_COUNTS, capturePgPlans, OTHER_PLAN_CASES, PLAN_CASES, pgFullScans } from './query-plans.js';

/**
 * The PostgreSQL twin of query-plans.test.ts. Every list this API serves, as a request, with each SELECT it
 * sends explained: none may read deals, votes, comments, saved deals or users in full (a Seq Scan with sequential
 * scans priced out means no index could serve it), so a change that brings back a sequential scan fails here.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('query plans (PostgreSQL): every list is index-served', () => {
  let h: Harness;
  let token: string;

  beforeAll(async () => {
    h = await createHarness();
    token = await seedPlanFixture(h);
  });
  afterAll(() => h.close());

  it('reads every list through indexes', async () => {
    const problems: string[] = [];
    for (const [name, url] of [...PLAN_CASES, ...OTHER_PLAN_CASES]) {
      const { status, statements } = await capturePgPlans(h.app, h.db, url, token);
      if (status !== 200) problems.push(`${name}: HTTP ${status}`);
      if (statements.length === 0) problems.push(`${name}: no statement was captured, so nothing was checked`);
      if (CATALOG_COUNTS.has(name)) continue;
      for (const st of statements) {
        const scans = pgFullScans(st.plan);
        if (scans.length) problems.push(`${name}: ${scans.join('; ')} in ${st.sql}\n${st.plan.join('\n')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('captures what a page sends: the default list walks a newest-first index of active deals', async () => {
    // (status, published_at, id, expires_at) of 001, or the partial one of active deals with the title beside (013).
    const { statements } = await capturePgPlans(h.app, h.db, '/api/deals?pageSize=5', token);
    expect(statements.map((s) => s.plan.join('\n')).join('\n')).toMatch(
      /Index (Only )?Scan( Backward)? using (deals_status_published_idx|deals_live_title_walk_idx)/,
    );
    // A one-word search with many matches for its page (one deal a page) walks the latter for its title matches,
    // testing each from the index.
    const { statements: search } = await capturePgPlans(h.app, h.db, '/api/deals?search=lego&pageSize=1', token);
    expect(search.map((s) => s.plan.join('\n')).join('\n')).toMatch(/Index Only Scan using deals_live_title_walk_idx/);
  });

  /** Each page read of these lists, found by a parameter of its search, sorts the matches it found instead of walking an index. */
  async function expectFetchedAndSorted(urls: string[], searchParam: string) {
    for (const url of urls) {
      const { status, statements } = await capturePgPlans(h.app, h.db, url, token);
      expect(status, url).toBe(200);
      const pages = statements.filter((s) => /^SELECT d\.id FROM deals AS d\s+WHERE/.test(s.sql) && s.params.includes(searchParam));
      expect(pages.length, url).toBeGreaterThan(0);
      for (const p of pages) {
        const plan = p.plan.join('\n');
        // Sorted by a key no index orders (`published_at || ''`, `temperature + 0`): the matches are found first, by
        // whichever index the planner likes for them (at a million deals the GIN index), then sorted; no walk.
        expect(plan, url).toMatch(/Sort Key: .*(\|\| ''::text|\+ 0)\)/);
        expect(plan, url).not.toMatch(/Index (Only )?Scan Backward/);
      }
    }
  }

  it('fetches the matches of a word few deals hold through the full-text index, never walking the sort order', async () => {
    // A typo is in no deal: walking newest first for its title matches read the whole index at a million deals
    // (1.1-1.6 s; PostgreSQL estimates an unknown prefix like any other). The lexeme counts bound its matches
    // (list-query.ts fewPgMatches), so each part is fetched and sorted. The test's dozen deals cannot show the walk
    // itself (any plan is cheap here); what the page read asks for can.
    await expectFetchedAndSorted(
      ['/api/deals?search=samsnug&exact=true&pageSize=7', '/api/deals?search=samsnug&pageSize=7', '/api/deals?search=lego%20samsnug&sort=hottest&pageSize=7'],
      'samsnug:*',
    );
  });

  it('fetches a phrase of two common words that are never side by side, never walking the sort order', async () => {
    // Each word is in every one of these deals, so the lexeme counts bound the phrase at all of them, yet it matches
    // none: walking newest first for it read the whole index at ten million deals (the statement timeout, a 500). The
    // page now asks the list's capped total first (list-query.ts fewPgMatches).
    for (let i = 0; i < 20; i++) await insertDeal(h, { title: `Widget and gizmo pack ${i}`, category_id: 2 });
    invalidateDealCounts(h.db);
    await expectFetchedAndSorted(
      ['/api/deals?search=%22gizmo%20widget%22&pageSize=7', '/api/deals?search=%22gizmo%20widget%22%20-lego&sort=hottest&pageSize=7'],
      'gizmo widget',
    );
  });

  it('notices a query no index serves (the check can fail)', async () => {
    const { rows } = await h.db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM deals WHERE description = 'x'`.execute(trx);
    });
    expect(pgFullScans(rows.map((r) => r['QUERY PLAN']))).toHaveLength(1);
  });
});
