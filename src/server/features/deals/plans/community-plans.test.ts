import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertPlanDeals } from '../../../test/data/deal-helpers.js';
import { capturePlans, fullScans, isPageRead, sortsInsteadOfIndex } from './query-plans.js';
import { loadPlannerStats } from '../../../test/engines/sqlite-stats.js';

/**
 * What ANALYZE would say of migration 008's indexes on the same 1,000,000-deal database (the fixture predates them):
 * ~2,500 distinct discounts per status, 20 deals per member, few replies, a few likes per comment.
 */
const STATS_008 = [
  { tbl: 'deals', idx: 'deals_status_discount_idx', stat: '1000000 250000 400 1' },
  { tbl: 'deals', idx: 'deals_category_status_discount_idx', stat: '1000000 40000 10000 25 1' },
  { tbl: 'deals', idx: 'deals_store_status_discount_idx', stat: '1000000 52632 13158 30 1' },
  { tbl: 'deals', idx: 'deals_user_status_published_idx', stat: '1000000 20 5 1 1' },
  { tbl: 'comments', idx: 'comments_parent_idx', stat: '152500 3' },
  { tbl: 'comment_likes', idx: 'sqlite_autoindex_comment_likes_1', stat: '300000 3 1' },
  { tbl: 'comment_likes', idx: 'comment_likes_user_idx', stat: '300000 60 1' },
];

/** The community reads (docs/notes/community.md): sort=discount, status=all (active first), store and member pages, comments with likes. */
const CASES: Array<[string, string]> = [
  ['sort=discount', '/api/deals?sort=discount'],
  ['category=3&sort=discount', '/api/deals?category=3&sort=discount'],
  ['store=42&sort=discount', '/api/deals?store=42&sort=discount'],
  ['status=all&sort=discount', '/api/deals?status=all&sort=discount'],
  ['status=expired&sort=discount', '/api/deals?status=expired&sort=discount'],
  ['dealType=discounted&sort=discount', '/api/deals?dealType=discounted&sort=discount'],
  ['minPrice=10&maxPrice=50&sort=discount', '/api/deals?minPrice=10&maxPrice=50&sort=discount'],
  ['search=lego&sort=discount', '/api/deals?search=lego&sort=discount'],
  ['store page deals: store=42&status=all&activeFirst=true', '/api/deals?store=42&status=all&activeFirst=true'],
  ['status=all&activeFirst=true&sort=hottest', '/api/deals?status=all&activeFirst=true&sort=hottest'],
  ['GET /stores/{id}', '/api/stores/42'],
  ['GET /members/{username}', '/api/members/PLAN_MEMBER'],
  ['GET /comments/{dealId} (likedByMe)', '/api/comments/1'],
];

/**
 * Kept prepared statements (db/statements/statement-cache.ts) are never prepared again, so capturePlans sees each SQL text once
 * per database: every mode gets a fresh harness and reads each case once.
 */
async function setUp(withStats: boolean) {
  const h = await createHarness();
  const member = await h.createUser();
  const ids = await insertPlanDeals(h, (i) => ({
    title: i % 2 ? 'LEGO Technic set' : 'Samsung TV',
    original_price_pence: i % 5 ? i * 1500 : null,
    user_id: i % 2 ? member.id : null,
  }));
  for (const id of ids) {
    const c = await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: id, user_id: member.id, text: 'hi', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: id, user_id: member.id, text: 'reply', parent_id: Number(c.id), created_at: new Date().toISOString() })
      .execute();
    await h.db.kysely
      .insertInto('comment_likes')
      .values({ comment_id: Number(c.id), user_id: 1, created_at: new Date().toISOString() })
      .execute();
  }
  if (withStats) {
    loadPlannerStats(h.db.sqlite!, undefined, STATS_008);
  }
  return { h, member };
}

/** Every case once: the problems found, and each case's plans. */
async function check(h: Harness, token: string, username: string) {
  const problems: string[] = [];
  const plans = new Map<string, Array<{ sql: string; plan: string[] }>>();
  for (const [name, template] of CASES) {
    const { status, statements } = await capturePlans(h.app, h.db, template.replace('PLAN_MEMBER', username), token);
    plans.set(name, statements);
    if (status !== 200) problems.push(`${name}: HTTP ${status}`);
    for (const st of statements) {
      const scans = fullScans(st.plan);
      if (scans.length) problems.push(`${name}: full scan ${scans.join('; ')} in ${st.sql}`);
      // A page (or a member's first 20) read in index order never sorts the range it reads.
      if (sortsInsteadOfIndex(name, st)) {
        problems.push(`${name}: sorts instead of reading an index in order: ${st.plan.join(' / ')}`);
      }
    }
  }
  return { problems, plans };
}

/** The plan of the page's ids. */
const pageRead = (statements: Array<{ sql: string; plan: string[] }> | undefined) =>
  statements?.find((s) => isPageRead(s.sql))?.plan.join(' / ') ?? '(not captured)';

describe.skipIf(!!process.env.TEST_DATABASE_URL)('query plans of the community reads (SQLite): index-served', () => {
  for (const withStats of [false, true]) {
    describe(withStats ? 'with the statistics of a 1,000,000-deal database' : 'without statistics (a fresh install)', () => {
      let h: Harness;
      let result: Awaited<ReturnType<typeof check>>;
      beforeAll(async () => {
        const setup = await setUp(withStats);
        h = setup.h;
        result = await check(h, setup.member.token, setup.member.username);
      });
      afterAll(() => h.close());

      it('reads every case from indexes, in order', () => {
        expect(result.problems).toEqual([]);
        // Each case ran SQL of its own (the checks above saw something).
        for (const [name] of CASES) expect(result.plans.get(name)?.length, name).toBeGreaterThan(0);
      });

      it('serves sort=discount from the discount indexes and a member page from deals(user_id, status, published_at, id)', () => {
        expect(pageRead(result.plans.get('sort=discount'))).toMatch(/deals_status_discount_idx/);
        expect(pageRead(result.plans.get('store=42&sort=discount'))).toMatch(/deals_store_status_discount_idx/);
        expect(pageRead(result.plans.get('category=3&sort=discount'))).toMatch(/deals_category_status_discount_idx/);
        const member = result.plans.get('GET /members/{username}')?.find((s) => /order by "d"\."published_at" desc/i.test(s.sql));
        expect(member?.plan.join(' / ')).toMatch(/deals_user_status_published_idx/);
        // The store page's expired part: the lapsed-but-active few are found by their expiry, not by walking the store.
        const storeAll = result.plans.get('store page deals: store=42&status=all&activeFirst=true')?.find((s) => /^SELECT merged\.id/.test(s.sql));
        expect(storeAll?.plan.join(' / ')).toMatch(/CO-ROUTINE b1 \/ SEARCH d USING INDEX deals_status_expires_idx/);
      });
    });
  }
});
