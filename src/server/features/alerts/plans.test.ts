import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox, messageHandler, MESSAGE_KIND } from '../../services/outbox/index.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { alertFeedDeals, alertMailHandlers, matchWarmerDeal, sendDailyDigests } from './index.js';
import { listAlerts } from './queries.js';
import { activate, addAlert, pendingDeal } from './test-helpers.js';

/**
 * Every alerts query reads an index range, never a whole table (SQLite plans, the engine whose planner needs the
 * help; PostgreSQL runs the same queries in the other suites). The statements are recorded as the code runs them and
 * explained with the same parameters.
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('alerts query plans (SQLite)', () => {
  let h: Harness;
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  beforeAll(async () => {
    h = await createHarness({ ALERT_DIGEST_HOUR: '0' });
    const s = h.db.sqlite!;
    const prepare = s.prepare.bind(s);
    // Record each statement the code runs (the statement cache prepares a text once: this harness is fresh).
    (s as unknown as { prepare: typeof prepare }).prepare = ((source: string) => {
      const stmt = prepare(source);
      for (const method of ['all', 'get', 'run', 'iterate'] as const) {
        const original = (stmt as any)[method].bind(stmt);
        (stmt as any)[method] = (...params: unknown[]) => {
          seen.push({ sql: source, params });
          return original(...params);
        };
      }
      return stmt;
    }) as typeof prepare;

    const m = await h.createUser();
    for (let i = 0; i < 30; i++)
      await addAlert(h, await h.createUser(), { query: `word${i} thing`, frequency: i % 2 ? 'daily' : 'instant', minTemperature: i % 3 ? null : 2 });
    const alert = await addAlert(h, m, { query: 'word1 thing', frequency: 'daily' });
    const deal = await pendingDeal(h, { title: 'word1 word2 thing' });
    await activate(h, deal);
    await h.db.kysely.transaction().execute((trx) => matchWarmerDeal(h.db, trx, deal, 2));
    await listAlerts(h.db, m.id);
    await alertFeedDeals(
      h.app.deps,
      (await h.request({ method: 'GET', url: '/api/alerts', token: m.token })).body.data.alerts[0].feedUrl.split('/').pop().replace('.xml', ''),
    );
    await sendDailyDigests(h.app.deps, { now: new Date('2030-01-01T12:00:00Z') });
    await drainOutbox(h.app.deps, { [MESSAGE_KIND]: messageHandler, ...alertMailHandlers(h.app.deps) }, { now: () => new Date('2030-01-01T12:00:01Z') });
    expect(alert.id).toBeGreaterThan(0);
    s.exec('ANALYZE');
  });
  afterAll(() => h.close());

  it('reads alerts, matches and the outbox through their indexes', () => {
    const mine = seen.filter((q) => /\b(alerts|alert_matches|mail_outbox|alert_digest_runs)\b/.test(q.sql) && /^\s*(select|update|delete)/i.test(q.sql));
    const unique = [...new Map(mine.map((q) => [q.sql, q])).values()];
    expect(unique.length).toBeGreaterThan(10);
    const scans: string[] = [];
    for (const q of unique) {
      const plan = (h.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.params as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
      // A scan of one of our tables (json_each is the list of the deal's keys we probe with, not a table).
      for (const d of plan) if (/^SCAN (?!(k|json_each)\b)/.test(d) && !/USING (COVERING )?INDEX/.test(d)) scans.push(`${d}  <=  ${q.sql}`);
    }
    expect(scans).toEqual([]);
  });
});
