import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { promoteMaturedVotes } from '../votes/index.js';

/**
 * The trust features' reads come off indexes (SQLite plans): the report queue (open and resolved), its count, a deal's open
 * reports, the Votes panel, the network count of a vote, the promotion job and the public moderation log. A plan line
 * `SCAN <table>` (a table read in full) fails the test; an ordered index walk stopped after the page is what we want.
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('query plans of reports, votes and the public log (SQLite)', () => {
  let h: Harness;
  let admin: string;
  let dealId: number;
  const seen: Array<{ sql: string; plan: string[] }> = [];

  beforeAll(async () => {
    h = await createHarness();
    admin = await h.adminToken();
    // Statements are prepared once and kept (db/statements/statement-cache.ts): watch them from the start.
    const sqlite = h.db.sqlite!;
    const original = sqlite.prepare.bind(sqlite);
    (sqlite as { prepare: typeof sqlite.prepare }).prepare = ((source: string) => {
      const stmt = original(source);
      if (!/^\s*(select|with|update|delete)/i.test(source)) return stmt;
      for (const method of ['all', 'get', 'run'] as const) {
        const fn = (stmt as any)[method].bind(stmt);
        (stmt as any)[method] = (...params: unknown[]) => {
          const args = params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
          seen.push({ sql: source, plan: (original(`EXPLAIN QUERY PLAN ${source}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail) });
          return fn(...params);
        };
      }
      return stmt;
    }) as typeof sqlite.prepare;
    const owner = await h.createUser();
    const members = await Promise.all([1, 2, 3, 4].map(() => h.createUser()));
    for (let i = 0; i < 6; i++) {
      const id = await insertDeal(h, { user_id: owner.id });
      dealId = id;
      for (const [j, m] of members.entries()) {
        await h.request({ method: 'POST', url: '/api/votes', token: m.token, payload: { dealId: id, voteType: 1 }, remoteAddress: `192.0.${i}.${j + 1}` });
        await h.request({ method: 'POST', url: `/api/deals/${id}/reports`, token: m.token, payload: { reason: j % 2 ? 'spam' : 'wrong-price' } });
      }
      if (i % 2) await h.request({ method: 'POST', url: `/api/admin/reports/${id}/resolve`, token: admin, payload: { action: 'dismiss', reason: 'fine' } });
    }
  });
  afterAll(() => h.close());

  const TABLES = /^SCAN (deal_reports|r|rb|moderation_log|m|votes|v|deals|d|users|u)(\s|$)/;
  /** Full reads: a table scan, or a whole index walked without a LIMIT to stop it (the public log's ordered walk is one). */
  const fullReads = (plan: string[], sql: string) =>
    plan.filter((line) => TABLES.test(line.trim()) && !(/USING (COVERING )?INDEX/.test(line) && /limit/i.test(sql)));

  /** Pages read in index order, never sorted: the Votes panel and the public log (the open queue sorts its few groups). */
  const ORDERED = new Set(['votes panel', 'public log', 'public log page 2']);

  const check = async (label: string, run: () => Promise<unknown>) => {
    seen.length = 0;
    await run();
    const ours = seen.filter((s) => /deal_reports|moderation_log|"votes"|votes as|half_vote_balance/.test(s.sql));
    expect(ours.length, label).toBeGreaterThan(0);
    return ours.flatMap((s) => [
      ...fullReads(s.plan, s.sql).map((line) => `${label}: ${line} in ${s.sql}`),
      ...(ORDERED.has(label) && /limit/i.test(s.sql) && s.plan.some((l) => l.includes('TEMP B-TREE FOR ORDER BY')) ? [`${label}: sorts in ${s.sql}`] : []),
    ]);
  };

  it('reads every list and count off an index', async () => {
    const problems = [
      ...(await check('queue open', () => h.request({ method: 'GET', url: '/api/admin/reports', token: admin }))),
      ...(await check('queue resolved', () => h.request({ method: 'GET', url: '/api/admin/reports?status=resolved', token: admin }))),
      ...(await check('count', () => h.request({ method: 'GET', url: '/api/admin/reports/count', token: admin }))),
      ...(await check('votes panel', () => h.request({ method: 'GET', url: `/api/admin/deals/${dealId}/votes`, token: admin }))),
      ...(await check('public log', () => h.request({ method: 'GET', url: '/api/moderation-log' }))),
      ...(await check('public log page 2', () => h.request({ method: 'GET', url: '/api/moderation-log?page=2&pageSize=2' }))),
      ...(await check('report', async () => {
        const m = await h.createUser();
        await h.request({ method: 'POST', url: `/api/deals/${dealId}/reports`, token: m.token, payload: { reason: 'expired' } });
      })),
      ...(await check('vote', async () => {
        const m = await h.createUser();
        await h.request({ method: 'POST', url: '/api/votes', token: m.token, payload: { dealId, voteType: 1 }, remoteAddress: '198.51.100.1' });
      })),
      ...(await check('promotion', () => promoteMaturedVotes(h.app.deps, Date.now() + 25 * 3_600_000))),
    ];
    expect(problems).toEqual([]);
  });
});
