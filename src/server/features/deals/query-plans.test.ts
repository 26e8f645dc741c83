import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { capturePlans, fullScans, OTHER_PLAN_CASES, PLAN_CASES } from './query-plans.js';
import { insertDeal } from './test-helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** sqlite_stat1 of a generated 1,000,000-deal database: the planner plans here as it would there. */
const STATS_1M = path.join(here, 'fixtures', 'sqlite-stat1-1m.json');

/** Counting active deals per category or store reads every active deal's index entry (cached, see count-cache.ts). */
const CATALOG_COUNTS = new Set(['GET /categories', 'GET /categories?store=42', 'GET /stores', 'GET /stores?category=3']);

describe.skipIf(!!process.env.TEST_DATABASE_URL)('query plans (SQLite): every list is index-served', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await createHarness();
    const member = await h.createUser();
    token = member.token;
    const hour = 3_600_000;
    for (let i = 0; i < 12; i++) {
      const id = await insertDeal(h, {
        title: i % 2 ? 'LEGO Technic set' : 'Samsung TV air fryer coffee',
        category_id: (i % 4) + 1,
        store_id: i % 3 ? 42 : 2,
        price_pence: i * 1000,
        temperature: i * 5,
        published_at: new Date(Date.now() - i * hour).toISOString(),
        expires_at: i === 3 ? new Date(Date.now() - hour).toISOString() : null,
        status: i === 5 ? 'expired' : 'active',
        user_id: i === 0 ? member.id : null,
      });
      await h.db.kysely.insertInto('votes').values({ deal_id: id, user_id: member.id, vote_type: 1, created_at: new Date().toISOString() }).execute();
      await h.db.kysely.insertInto('comments').values({ deal_id: id, user_id: member.id, text: 'hi', created_at: new Date().toISOString() }).execute();
    }
    await h.db.kysely.insertInto('saved_deals').values({ deal_id: 1, user_id: member.id, created_at: new Date().toISOString() }).execute();
  });
  afterAll(() => h.close());

  const loadStats = (rows: Array<{ tbl: string; idx: string | null; stat: string }>) => {
    const s = h.db.sqlite!;
    s.exec('ANALYZE');
    s.exec('DELETE FROM sqlite_stat1');
    s.exec("DELETE FROM sqlite_stat4");
    const insert = s.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
    for (const r of rows) insert.run(r.tbl, r.idx, r.stat);
    s.exec('ANALYZE sqlite_schema');
  };

  const check = async (mode: string) => {
    const problems: string[] = [];
    for (const [name, url] of [...PLAN_CASES, ...OTHER_PLAN_CASES]) {
      const { status, statements } = await capturePlans(h.app, h.db, url, token);
      if (status !== 200) problems.push(`${mode} ${name}: HTTP ${status}`);
      for (const st of statements) {
        const scans = fullScans(st.plan, CATALOG_COUNTS.has(name) ? ['d'] : []);
        if (scans.length) problems.push(`${mode} ${name}: full scan ${scans.join('; ')} in ${st.sql}`);
        // A single-branch page read must come out of an index in order: sorting means reading the whole filtered set.
        // Exempt: full-text candidates (bounded by the match) and deals without a price (a key lookup, scraped only).
        const smallSet = st.sql.includes('deals_fts') || st.sql.includes('price_pence IS NULL');
        if (/^SELECT d\.id FROM deals AS d/.test(st.sql) && !smallSet && st.plan.some((l) => l.includes('TEMP B-TREE FOR ORDER BY'))) {
          problems.push(`${mode} ${name}: sorts instead of reading an index in order: ${st.plan.join(' / ')}`);
        }
      }
    }
    return problems;
  };

  it('without statistics (a fresh install)', async () => {
    expect(await check('no-stats')).toEqual([]);
  });

  it('with the statistics of a 1,000,000-deal database', async () => {
    loadStats(JSON.parse(fs.readFileSync(STATS_1M, 'utf8')));
    expect(await check('1M-stats')).toEqual([]);
  });

  it('flags a full scan when there is one (the check can fail)', () => {
    expect(fullScans(['SCAN d', 'SEARCH d USING INDEX x (status=?)', 'SCAN votes USING COVERING INDEX votes_deal_created_idx', 'SCAN merged'])).toEqual([
      'SCAN d',
      'SCAN votes USING COVERING INDEX votes_deal_created_idx',
    ]);
  });
});
