import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertPlanDeals } from '../../test/deal-helpers.js';
import { capturePgPlans, OTHER_PLAN_CASES, PLAN_CASES, pgFullScans } from './query-plans.js';

/** Counting active deals per category or store reads every active deal's index entry (cached, see count-cache.ts). */
const CATALOG_COUNTS = new Set(['GET /categories', 'GET /categories?store=42', 'GET /stores', 'GET /stores?category=3']);

/**
 * Issue 16: the PostgreSQL twin of query-plans.test.ts. Every list this API serves, as a request, with each SELECT it
 * sends explained: none may read deals, votes, comments, saved deals or users in full (a Seq Scan with sequential
 * scans priced out means no index could serve it), so a change that brings back a sequential scan fails here.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('query plans (PostgreSQL): every list is index-served', () => {
  let h: Harness;
  let token: string;

  beforeAll(async () => {
    h = await createHarness();
    const member = await h.createUser();
    token = member.token;
    const ids = await insertPlanDeals(h, (i) => ({
      title: i % 2 ? 'LEGO Technic set' : 'Samsung TV air fryer coffee',
      temperature: i * 5,
      published_at: new Date(Date.now() - i * 3_600_000).toISOString(),
      user_id: i === 0 ? member.id : null,
    }));
    for (const id of ids) {
      await h.db.kysely.insertInto('votes').values({ deal_id: id, user_id: member.id, vote_type: 1, created_at: new Date().toISOString() }).execute();
      await h.db.kysely.insertInto('comments').values({ deal_id: id, user_id: member.id, text: 'hi', created_at: new Date().toISOString() }).execute();
    }
    await h.db.kysely.insertInto('saved_deals').values({ deal_id: ids[1], user_id: member.id, created_at: new Date().toISOString() }).execute();
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

  it('captures what a page sends: the default list walks (status, published_at, id, expires_at)', async () => {
    const { statements } = await capturePgPlans(h.app, h.db, '/api/deals?pageSize=5', token);
    expect(statements.map((s) => s.plan.join('\n')).join('\n')).toMatch(/Index (Only )?Scan( Backward)? using deals_status_published_idx/);
  });

  it('notices a query no index serves (the check can fail)', async () => {
    const { rows } = await h.db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM deals WHERE description = 'x'`.execute(trx);
    });
    expect(pgFullScans(rows.map((r) => r['QUERY PLAN']))).toHaveLength(1);
  });
});
