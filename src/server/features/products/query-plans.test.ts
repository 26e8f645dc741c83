import { type CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { useHarness } from '../../test/harness.js';
import { lowestPricesQuery, pricePointsQuery, recentDealOfProductQuery, recentOpenDealsQuery } from './queries.js';
import { loadPlannerStats } from '../../test/engines/sqlite-stats.js';

/**
 * What this feature's indexes would show in a 1,000,000-deal database, added to the deals feature's statistics:
 * ~2 deals per product, ~4 points per product, few flagged deals.
 */
const OUR_STATS = [
  { tbl: 'deals', idx: 'deals_product_created_idx', stat: '1000000 2 1' },
  { tbl: 'deals', idx: 'deals_duplicate_of_idx', stat: '20000 2' },
  { tbl: 'price_points', idx: 'price_points_key_recorded_idx', stat: '4000000 4 1' },
  { tbl: 'price_points', idx: 'price_points_deal_idx', stat: '4000000 4' },
];

describe.skipIf(!!process.env.TEST_DATABASE_URL)('query plans (SQLite): product identity reads are index ranges', () => {
  const { h } = useHarness();
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) await insertDeal(h, { url: `https://www.argos.co.uk/product/${i % 2}`, product_key: `argos.co.uk/product/${i % 2}` });
  });

  const plan = (q: CompiledQuery | { sql: string; parameters: readonly unknown[] }) =>
    (h.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.parameters) as Array<{ detail: string }>).map((r) => r.detail);

  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const cases = (): Array<[string, CompiledQuery | { sql: string; parameters: readonly unknown[] }, RegExp[]]> => [
    [
      'duplicates warning and 409 check',
      recentOpenDealsQuery(h.db.kysely, 'k', since, { excludeId: 3 }).compile(),
      [/^SEARCH deals USING INDEX deals_product_created_idx \(product_key=\? AND created_at>\?\)$/],
    ],
    [
      'scraper skip',
      recentDealOfProductQuery(h.db.kysely, 'k', since).compile(),
      [/^SEARCH deals USING COVERING INDEX deals_product_created_idx \(product_key=\? AND created_at>\?\)$/],
    ],
    [
      'price history',
      pricePointsQuery(h.db.kysely, 'k', since, 1).compile(),
      [
        /^SEARCH p USING INDEX price_points_key_recorded_idx \(product_key=\? AND recorded_at>\?\)$/,
        /^SEARCH d USING INTEGER PRIMARY KEY \(rowid=\?\)( LEFT-JOIN)?$/,
      ],
    ],
    [
      'deal cards: lowest price of a page',
      lowestPricesQuery(h.db.kysely, [1, 2, 3, 4, 5, 6], since).compile(),
      [
        /^SEARCH d USING INTEGER PRIMARY KEY \(rowid=\?\)$/,
        /^SEARCH p USING INDEX price_points_key_recorded_idx \(product_key=\? AND recorded_at>\?\)$/,
        /^SEARCH o USING INTEGER PRIMARY KEY \(rowid=\?\)( LEFT-JOIN)?$/,
      ],
    ],
    // What a DELETE of a deal runs for the ON DELETE SET NULL foreign keys pointing at it.
    [
      'deleting a deal: flagged reposts',
      sql`UPDATE deals SET duplicate_of = NULL WHERE duplicate_of = ${1}`.compile(h.db.kysely),
      [/^SEARCH deals USING (COVERING )?INDEX deals_duplicate_of_idx \(duplicate_of=\?\)$/],
    ],
    [
      'deleting a deal: its price points',
      sql`UPDATE price_points SET deal_id = NULL WHERE deal_id = ${1}`.compile(h.db.kysely),
      [/^SEARCH price_points USING (COVERING )?INDEX price_points_deal_idx \(deal_id=\?\)$/],
    ],
    // The migration backfill, per batch of 1,000 deals.
    [
      'backfill: keys',
      sql`UPDATE deals SET product_key = v.column2 FROM (VALUES (CAST(${1} AS integer), CAST(${'k'} AS varchar(512)))) AS v WHERE deals.id = v.column1`.compile(
        h.db.kysely,
      ),
      [/^SEARCH deals USING INTEGER PRIMARY KEY \(rowid=\?\)$/],
    ],
    [
      'backfill: points',
      sql`SELECT d.id FROM deals d WHERE d.id >= ${1} AND d.id <= ${1000} AND d.product_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM price_points p WHERE p.deal_id = d.id)`.compile(
        h.db.kysely,
      ),
      [/^SEARCH d USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)$/, /SEARCH p USING COVERING INDEX price_points_deal_idx \(deal_id=\?\)$/],
    ],
  ];

  const check = () => {
    const problems: string[] = [];
    for (const [name, q, wanted] of cases()) {
      const lines = plan(q);
      for (const re of wanted) if (!lines.some((l) => re.test(l.trim()))) problems.push(`${name}: expected ${re} in ${lines.join(' / ')}`);
      for (const l of lines) if (/^SCAN (deals|d|p|price_points)\b/.test(l.trim())) problems.push(`${name}: full scan ${l}`);
      // Newest first straight out of the index: a sort would read the whole range first.
      for (const l of lines) if (/TEMP B-TREE/.test(l)) problems.push(`${name}: sorts (${l})`);
    }
    return problems;
  };

  it('without statistics (a fresh install)', () => {
    expect(check()).toEqual([]);
  });

  it('with the statistics of a 1,000,000-deal database', () => {
    loadPlannerStats(h.db.sqlite!, undefined, OUR_STATS);
    expect(check()).toEqual([]);
  });

  it('notices a plan that does not use the index (the check can fail)', () => {
    const lines = plan(sql`SELECT id FROM deals WHERE url = ${'x'}`.compile(h.db.kysely));
    expect(lines.some((l) => /^SCAN deals/.test(l))).toBe(true);
  });
});

/**
 * PostgreSQL: the cards' grouped query can be served by price_points_key_recorded_idx and the deals primary key. A test
 * database is too small for the planner to prefer an index on its own, so sequential scans are priced out for the
 * EXPLAIN: a plan without a usable index would still show a Seq Scan, which the check refuses.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("query plans (PostgreSQL): the deal cards' lowest prices", () => {
  const { h } = useHarness();
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) await insertDeal(h, { url: `https://www.argos.co.uk/product/${i % 2}`, product_key: `argos.co.uk/product/${i % 2}` });
  });

  const explain = (q: CompiledQuery) =>
    h.db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `EXPLAIN ${q.sql}` } as CompiledQuery<{ 'QUERY PLAN': string }>);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('reads price_points by (product_key, recorded_at) and deals by primary key, never in full', async () => {
    const since = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const plan = await explain(lowestPricesQuery(h.db.kysely, [1, 2, 3, 4, 5, 6], since).compile());
    expect(plan).toMatch(/Index (Only )?Scan using price_points_key_recorded_idx on price_points p|Bitmap Index Scan on price_points_key_recorded_idx/);
    expect(plan).toMatch(/Index (Only )?Scan using deals_pkey on deals d|Bitmap Index Scan on deals_pkey/);
    expect(plan).not.toMatch(/Seq Scan on (price_points|deals)/);
  });

  it('notices a plan that has no index to use (the check can fail)', async () => {
    const plan = await explain(sql`SELECT id FROM deals WHERE url = ${'x'}`.compile(h.db.kysely));
    expect(plan).toMatch(/Seq Scan on deals/);
  });
});
