import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { CATALOG_COUNTS, capturePlans, fullScans, OTHER_PLAN_CASES, PLAN_CASES, sortsInsteadOfIndex } from './query-plans.js';
import { loadPlannerStats } from '../../../test/engines/sqlite-stats.js';
import { seedPlanFixture } from '../../../test/data/deal-helpers.js';

describe.skipIf(!!process.env.TEST_DATABASE_URL)('query plans (SQLite): every list is index-served', () => {
  let h: Harness;
  let token: string;
  /**
   * Each pass gets a fresh app and database: kept prepared statements (db/statements/statement-cache.ts) and cached counts
   * would otherwise skip the prepare calls the plans are captured from, and a second pass would check nothing.
   */
  const setUp = async () => {
    h = await createHarness();
    token = await seedPlanFixture(h);
  };
  afterEach(() => h.close());

  const check = async (mode: string) => {
    const problems: string[] = [];
    for (const [name, url] of [...PLAN_CASES, ...OTHER_PLAN_CASES]) {
      const { status, statements } = await capturePlans(h.app, h.db, url, token);
      if (status !== 200) problems.push(`${mode} ${name}: HTTP ${status}`);
      if (statements.length === 0) problems.push(`${mode} ${name}: no statement was captured, so nothing was checked`);
      for (const st of statements) {
        const scans = fullScans(st.plan, CATALOG_COUNTS.has(name) ? ['d'] : []);
        if (scans.length) problems.push(`${mode} ${name}: full scan ${scans.join('; ')} in ${st.sql}`);
        if (sortsInsteadOfIndex(name, st)) {
          problems.push(`${mode} ${name}: sorts instead of reading an index in order: ${st.plan.join(' / ')}`);
        }
      }
    }
    return problems;
  };

  it('without statistics (a fresh install)', async () => {
    await setUp();
    expect(await check('no-stats')).toEqual([]);
  });

  it('with the statistics of a 1,000,000-deal database', async () => {
    await setUp();
    loadPlannerStats(h.db.sqlite!);
    expect(await check('1M-stats')).toEqual([]);
  });

  it('answers a plain search from the live full-text index alone (migration 013), other searches through the deals', async () => {
    await setUp();
    const { statements } = await capturePlans(h.app, h.db, '/api/deals?search=lego', token);
    const searching = statements.filter((st) => st.sql.includes('MATCH'));
    expect(searching.length).toBeGreaterThan(0);
    for (const st of searching) {
      const reads = st.plan.filter((step) => /^(SCAN|SEARCH) (d|deals\w*)\b/.test(step));
      // The index string names the MATCH ('M'), after any rowid bound ('=': the few-matches read checks title matches
      // among the rows it read by rowid).
      expect(reads).toEqual([expect.stringMatching(/^SCAN deals_live_fts VIRTUAL TABLE INDEX \d+:(=)?M/)]);
    }
    // Expired deals are not in it: their search counts each match's status and expiry from the narrow
    // (id, status, expires_at) index (migration 011), not from the deal's row.
    const { statements: expired } = await capturePlans(h.app, h.db, '/api/deals?search=lego&status=expired', token);
    expect(expired.find((st) => st.sql.includes('CROSS JOIN deals'))?.plan.join(' / ')).toMatch(/SEARCH d USING COVERING INDEX deals_id_live_idx \(id=\?/);
    // Another filter needs the row: the count then reads it by its rowid.
    const { statements: inCategory } = await capturePlans(h.app, h.db, '/api/deals?search=lego&category=2', token);
    expect(inCategory.find((st) => st.sql.includes('CROSS JOIN deals'))?.plan.join(' / ')).toMatch(/SEARCH d USING INTEGER PRIMARY KEY/);
  });

  it('flags a full scan when there is one (the check can fail)', () => {
    expect(fullScans(['SCAN d', 'SEARCH d USING INDEX x (status=?)', 'SCAN votes USING COVERING INDEX votes_deal_created_idx', 'SCAN merged'])).toEqual([
      'SCAN d',
      'SCAN votes USING COVERING INDEX votes_deal_created_idx',
    ]);
  });
});
