import {
  type AnalyticsFigureKey,
  type AnalyticsPeriod,
  clickThroughRate,
  dayRange,
  figuresFor,
  percentChange,
  periodRange,
} from '../../../shared/domain/shops/analytics.js';
import type { Analytics, AnalyticsFigure } from '../../../shared/schemas/admin/analytics.js';
import type { Db } from '../../db/connection.js';
import { activeMembersByDay, activeMembersIn, createdByDay, statsByDay, topDeals, topGroups } from './queries.js';

export type AnalyticsScope = 'all' | 'deals';

const TOP = 10;

/** Every figure the scope sees, per day, over `from`..`to` (one query per source, whatever the number of days). */
export async function dailyFigures(
  db: Db,
  scope: AnalyticsScope,
  from: string,
  to: string,
): Promise<{ days: string[]; values: Map<AnalyticsFigureKey, number[]> }> {
  const days = dayRange(from, to);
  const stats = await statsByDay(db, from, to);
  const values = new Map<AnalyticsFigureKey, number[]>();
  const on = (m: Map<string, number>) => days.map((d) => m.get(d) ?? 0);
  values.set(
    'clicks',
    days.map((d) => stats.get(d)?.clicks ?? 0),
  );
  values.set(
    'views',
    days.map((d) => stats.get(d)?.views ?? 0),
  );
  values.set(
    'ctr',
    days.map((d) => clickThroughRate(stats.get(d)?.clicks ?? 0, stats.get(d)?.views ?? 0)),
  );
  if (scope === 'all') {
    const [deals, votes, comments, members, active] = await Promise.all([
      createdByDay(db, 'deals', from, to),
      createdByDay(db, 'votes', from, to),
      createdByDay(db, 'comments', from, to),
      createdByDay(db, 'users', from, to),
      activeMembersByDay(db, from, to),
    ]);
    values.set('newDeals', on(deals));
    values.set('votes', on(votes));
    values.set('comments', on(comments));
    values.set('newMembers', on(members));
    values.set('activeMembers', on(active));
  }
  return { days, values };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** GET /admin/analytics: the period against the one before, per day, and the top lists the scope sees. */
export async function analyticsReport(db: Db, period: AnalyticsPeriod, scope: AnalyticsScope, now = Date.now()): Promise<Analytics> {
  const range = periodRange(period, now);
  // One read of both periods; the first half of each series is the previous period.
  const { days: allDays, values } = await dailyFigures(db, scope, range.previousFrom, range.to);
  const n = allDays.length / 2;
  const days = allDays.slice(n);
  const [activeNow, activeBefore] =
    scope === 'all' ? await Promise.all([activeMembersIn(db, range.from, range.to), activeMembersIn(db, range.previousFrom, range.previousTo)]) : [0, 0];
  const series = (key: AnalyticsFigureKey) => values.get(key) ?? [];
  const totals = (key: AnalyticsFigureKey): [number, number] => {
    const s = series(key);
    if (key === 'ctr') {
      const [c, v] = [series('clicks'), series('views')];
      return [clickThroughRate(sum(c.slice(n)), sum(v.slice(n))), clickThroughRate(sum(c.slice(0, n)), sum(v.slice(0, n)))];
    }
    // A member active on several days is one active member of the period.
    if (key === 'activeMembers') return [activeNow, activeBefore];
    return [sum(s.slice(n)), sum(s.slice(0, n))];
  };
  const figures: AnalyticsFigure[] = figuresFor(scope).map((f) => {
    const [current, previous] = totals(f.key);
    return { key: f.key, label: f.label, current, previous, change: percentChange(current, previous), daily: series(f.key).slice(n) };
  });
  const top = (await topDeals(db, range.from, range.to, TOP)).map((d) => ({ ...d, ctr: clickThroughRate(d.clicks, d.views) }));
  const report: Analytics = { period, scope, ...range, days, figures, topDeals: top };
  if (scope === 'all') {
    const [shops, categories, tagged] = await Promise.all([
      topGroups(db, 'store', range.from, range.to, TOP),
      topGroups(db, 'category', range.from, range.to, TOP),
      statsByDay(db, range.from, range.to),
    ]);
    const clicks = sum([...tagged.values()].map((s) => s.clicks));
    const taggedClicks = sum([...tagged.values()].map((s) => s.taggedClicks));
    report.topShops = shops;
    report.topCategories = categories;
    report.tagged = { clicks, taggedClicks, percent: clicks > 0 ? Math.round((taggedClicks / clicks) * 1000) / 10 : 0 };
  }
  return report;
}

/** GET /admin/analytics/daily.csv: one row per day with the figures the scope sees (RFC 4180, header first). */
export async function dailyCsv(db: Db, scope: AnalyticsScope, from: string, to: string): Promise<string> {
  const { days, values } = await dailyFigures(db, scope, from, to);
  const figures = figuresFor(scope);
  const lines = [['day', ...figures.map((f) => f.key)].join(',')];
  days.forEach((day, i) => {
    lines.push([day, ...figures.map((f) => String(values.get(f.key)?.[i] ?? 0))].join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}
