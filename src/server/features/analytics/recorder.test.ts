import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';

import { servicesOrSkip } from '../../scale/services.js';
import { createHarness, type Harness, useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { useTwoProcesses } from '../../test/engines/two-processes.js';
import { AnalyticsRecorder } from './recorder.js';
import { Tally } from './tally.js';
import { MemoryVisitorStore } from './visitors.js';

/**
 * The counting core with an injected clock, on the harness's database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * once per visitor per deal per 30 minutes, the daily salt that makes yesterday's visitor a stranger today, counts on
 * the day they happened, and flushes that add up.
 */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const T0 = Date.parse('2030-03-10T12:00:00Z');
const MIN = 60_000;

async function countsOf(h: Harness, dealId: number) {
  return h.db.kysely.selectFrom('deal_daily_stats').select(['day', 'clicks', 'views', 'tagged_clicks']).where('deal_id', '=', dealId).orderBy('day').execute();
}

describe('counting with an injected clock', () => {
  const { h } = useHarness();

  it('counts a visitor once per deal per 30 minutes, per kind', async () => {
    const deal = await insertDeal(h, { status: 'active' });
    const other = await insertDeal(h, { status: 'active' });
    let now = T0;
    const r = new AnalyticsRecorder({ db: h.db, visitors: new MemoryVisitorStore(), now: () => now });
    const visit = { dealId: deal, address: '203.0.113.5', userAgent: UA };
    expect(await r.record('click', visit, true)).toBe(true);
    now += 29 * MIN;
    expect(await r.record('click', visit, true)).toBe(false);
    // Another deal, and a view of the same deal, are other visits.
    expect(await r.record('click', { ...visit, dealId: other })).toBe(true);
    expect(await r.record('view', visit)).toBe(true);
    now += 2 * MIN; // 31 minutes after the first click
    expect(await r.record('click', visit, true)).toBe(true);
    await r.flush();
    expect(await countsOf(h, deal)).toEqual([{ day: '2030-03-10', clicks: 2, views: 1, tagged_clicks: 2 }]);
    expect(await countsOf(h, other)).toEqual([{ day: '2030-03-10', clicks: 1, views: 0, tagged_clicks: 0 }]);
    // Flushes add to the same rows.
    now += 31 * MIN;
    await r.record('click', visit);
    await r.flush();
    expect(await countsOf(h, deal)).toEqual([{ day: '2030-03-10', clicks: 3, views: 1, tagged_clicks: 2 }]);
  });

  it('rotates the salt at midnight UTC: the same visitor is a stranger the next day, and counts land on their day', async () => {
    const deal = await insertDeal(h, { status: 'active' });
    let now = Date.parse('2030-03-10T23:50:00Z');
    const visitors = new MemoryVisitorStore();
    const r = new AnalyticsRecorder({ db: h.db, visitors, now: () => now });
    const visit = { dealId: deal, address: '198.51.100.20', userAgent: UA };
    const before = await visitors.salt('2030-03-10');
    expect(await r.record('view', visit)).toBe(true);
    now = Date.parse('2030-03-11T00:05:00Z'); // 15 minutes later, but a new day and a new salt
    expect(await r.record('view', visit)).toBe(true);
    const after = await visitors.salt('2030-03-11');
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[0-9a-f]{64}$/);
    // Yesterday's salt is forgotten: asking for it makes a new one, so yesterday's hashes cannot be made again.
    expect(await visitors.salt('2030-03-10')).not.toBe(before);
    await r.flush();
    expect(await countsOf(h, deal)).toEqual([
      { day: '2030-03-10', clicks: 0, views: 1, tagged_clicks: 0 },
      { day: '2030-03-11', clicks: 0, views: 1, tagged_clicks: 0 },
    ]);
  });

  it('forgets visits once their 30 minutes are over (memory stays bounded)', async () => {
    const visitors = new MemoryVisitorStore();
    for (let i = 0; i < 100; i++) await visitors.firstSeen(`k${i}`, 30 * MIN, T0);
    expect(visitors.size).toBe(100);
    await visitors.firstSeen('late', 30 * MIN, T0 + 31 * MIN);
    expect(visitors.size).toBe(1);
  });

  it('keeps the counts a flush could not write for the next one; a deleted deal loses its counts quietly', async () => {
    const tally = new Tally();
    tally.add(1, '2030-03-10', 'clicks', true);
    const rows = tally.take();
    expect(tally.size).toBe(0);
    tally.add(1, '2030-03-10', 'clicks');
    tally.restore(rows);
    expect(tally.take()).toEqual([{ dealId: 1, day: '2030-03-10', clicks: 2, views: 0, taggedClicks: 1 }]);

    const gone = await insertDeal(h, { status: 'active' });
    const r = new AnalyticsRecorder({ db: h.db, visitors: new MemoryVisitorStore(), now: () => T0 });
    await r.record('click', { dealId: gone, address: '192.0.2.1', userAgent: UA });
    await h.db.kysely.deleteFrom('deals').where('id', '=', gone).execute();
    await r.flush();
    expect(await countsOf(h, gone)).toEqual([]);
  });
});

const redisCheck = await servicesOrSkip('analytics across processes through Redis (features/analytics/recorder.test.ts)', ['redis']);

describe.skipIf(!redisCheck.run)('two processes sharing Redis count a visitor once', () => {
  const { h, other } = useTwoProcesses();

  it('agrees on the salt and the 30-minute window; each process flushes its own share and the sums add up', async () => {
    const deal = await insertDeal(h, { status: 'active' });
    const go = (app: FastifyInstance, ip: string) => app.inject({ method: 'GET', url: `/go/${deal}`, remoteAddress: ip, headers: { 'user-agent': UA } });
    for (const app of [h.app, other()]) expect((await go(app, '203.0.113.50')).statusCode).toBe(302);
    await go(h.app, '203.0.113.51');
    await go(other(), '203.0.113.52');
    // Counting happens after the answer: give the Redis round trips a moment.
    await new Promise((r) => setTimeout(r, 200));
    await h.app.analytics.flush();
    await other().analytics.flush();
    const [row] = await countsOf(h, deal);
    expect(row.clicks).toBe(3);
  });
});

describe('closing and metrics', () => {
  it('writes what is gathered when the app closes (graceful shutdown), and tells Prometheus', async () => {
    const h = await createHarness({ METRICS_TOKEN: 'analytics-metrics-token-0123456789' });
    try {
      const deal = await insertDeal(h, { status: 'active' });
      const go = (ua: string) => h.request({ method: 'GET', url: `/go/${deal}`, headers: { 'user-agent': ua }, remoteAddress: '203.0.113.9' });
      await go(UA);
      await go(UA);
      await go('curl/8.5.0');
      await new Promise((r) => setTimeout(r, 20));
      const metrics = await h.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer analytics-metrics-token-0123456789' } });
      expect(metrics.body).toContain('quidsin_analytics_events_total{kind="click",result="counted"} 1');
      expect(metrics.body).toContain('quidsin_analytics_events_total{kind="click",result="repeat"} 1');
      expect(metrics.body).toContain('quidsin_analytics_events_total{kind="click",result="ignored"} 1');
      // Nothing written yet (the flush is every 5 s); closing writes it.
      expect(await countsOf(h, deal)).toEqual([]);
      await h.app.close();
      expect((await countsOf(h, deal)).map((r) => r.clicks)).toEqual([1]);
    } finally {
      await h.close();
    }
  });
});
