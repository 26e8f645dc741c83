import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../shared/domain/shops/analytics.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { capturePgPlans, capturePlans } from '../deals/plans/query-plans.js';

/**
 * The analytics' reads come off indexes on both engines: a period's days, totals and top lists, the CSV, a deal's
 * own figures and My deals. A plan that reads a counted table (or the counts) in full fails: `SCAN <table>` on SQLite
 * (a SEARCH is a range or a key), `Seq Scan` on PostgreSQL with sequential scans priced out.
 */
const TABLES = ['deal_daily_stats', 's', 'deals', 'd', 'votes', 'comments', 'users'];
const sqliteFullScans = (plan: string[]) => plan.filter((line) => TABLES.includes(/^SCAN (\S+)/.exec(line.trim())?.[1] ?? ''));
const pgScans = (plan: string[]) => plan.filter((line) => /Seq Scan on (deal_daily_stats|deals|votes|comments|users)\b/.test(line));

describe('analytics query plans', () => {
  let h: Harness;
  let admin: string;
  let poster: { id: number; token: string };
  let dealId: number;
  const today = dayOf(Date.now());

  beforeAll(async () => {
    h = await createHarness();
    admin = await h.adminToken();
    poster = await h.createUser();
    const rows = [];
    for (let i = 0; i < 30; i++) {
      dealId = await insertDeal(h, { status: 'active', user_id: poster.id, store_id: 1 + (i % 5), category_id: 1 + (i % 4) });
      // Two years of history, so that a period is a small part of it, as on a site that has run a while.
      for (let d = 0; d < 20; d++) rows.push({ deal_id: dealId, day: addDays(today, -d * 37), clicks: i + d, views: 10 * (i + d), tagged_clicks: d % 2 });
    }
    await h.db.kysely.insertInto('deal_daily_stats').values(rows).execute();
    await h.request({ method: 'POST', url: '/api/votes', token: (await h.createUser()).token, payload: { dealId, voteType: 1 }, remoteAddress: '192.0.2.9' });
    if (h.db.sqlite) h.db.sqlite.exec('ANALYZE');
    else await h.db.pool?.query('ANALYZE');
  });
  afterAll(() => h.close());

  const cases = () =>
    [
      ['report 90d', '/api/admin/analytics?period=90d', admin],
      ['report today', '/api/admin/analytics?period=today', admin],
      ['csv', `/api/admin/analytics/daily.csv?from=${addDays(today, -399)}&to=${today}`, admin],
      ['deal figures', `/api/deals/${dealId}`, poster.token],
      ['my deals', '/api/user/deals', poster.token],
    ] as const;

  const engines = [
    { engine: 'SQLite', skip: !!process.env.TEST_DATABASE_URL, capture: capturePlans, scans: sqliteFullScans },
    { engine: 'PostgreSQL', skip: !process.env.TEST_DATABASE_URL, capture: capturePgPlans, scans: pgScans },
  ];
  for (const { engine, skip, capture, scans } of engines) {
    it.skipIf(skip)(`reads through indexes (${engine})`, async () => {
      const problems: string[] = [];
      for (const [name, url, token] of cases()) {
        const { status, statements } = await capture(h.app, h.db, url, token);
        if (status !== 200) problems.push(`${name}: HTTP ${status}`);
        const ours = statements.filter((s) => /deal_daily_stats|created_at/.test(s.sql));
        if (ours.length === 0) problems.push(`${name}: nothing captured`);
        for (const s of ours) for (const line of scans(s.plan)) problems.push(`${name}: ${line} in ${s.sql}\n${s.plan.join('\n')}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('notices a full read (the check can fail)', () => {
    expect(sqliteFullScans(['SCAN deal_daily_stats', 'SEARCH s USING COVERING INDEX deal_daily_stats_day_idx (day>? AND day<?)'])).toHaveLength(1);
    expect(pgScans(['Seq Scan on deal_daily_stats  (cost=0.00..1.00 rows=1 width=4)'])).toHaveLength(1);
  });
});
