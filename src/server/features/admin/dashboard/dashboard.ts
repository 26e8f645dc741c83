import type { Db } from '../../../db/connection.js';
import type { Kysely } from 'kysely';
import type { DashboardData, DashboardStats } from '../../../../shared/schemas/admin/admin-dashboard.js';
import type { Database } from '../../../db/schema.js';
import { statusFilter } from '../deals/deal-filters.js';
import { recentActivity } from './recent-activity.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const GROWTH_WINDOW_DAYS = 7;

/**
 * Percent change from the previous window to the current one, one decimal. A rise from nothing counts as +100 %
 * (a percentage of zero is undefined) and no activity in either window is 0 %.
 */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Midnight UTC of the day containing `now`: "today" on the dashboard is the UTC day, like every stored timestamp. */
export const startOfUtcDay = (now: number) => new Date(Math.floor(now / DAY_MS) * DAY_MS).toISOString();

async function countSince(db: Kysely<Database>, table: 'users' | 'deals', fromIso: string, toIso?: string): Promise<number> {
  let q = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', fromIso);
  if (toIso) q = q.where('created_at', '<', toIso);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The dashboard numbers. Every count is one indexed aggregate (created_at and status indexes); deleted deals are left
 * out of totalDeals so that the active and pending percentages are of the deals that still exist for visitors.
 */
export async function dashboardStats(db: Kysely<Database>, now = Date.now()): Promise<DashboardStats> {
  const nowIso = new Date(now).toISOString();
  const today = startOfUtcDay(now);
  const weekAgo = new Date(now - GROWTH_WINDOW_DAYS * DAY_MS).toISOString();
  const twoWeeksAgo = new Date(now - 2 * GROWTH_WINDOW_DAYS * DAY_MS).toISOString();

  const count = (row: { n: number | string | bigint }) => Number(row.n);
  const [users, deals, active, pending, usersToday, dealsToday, usersWeek, usersPrevWeek, dealsWeek, dealsPrevWeek] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then(count),
    db
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '!=', 'deleted')
      .executeTakeFirstOrThrow()
      .then(count),
    db
      .selectFrom('deals as d')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => statusFilter(eb, 'active', nowIso))
      .executeTakeFirstOrThrow()
      .then(count),
    db
      .selectFrom('deals as d')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => statusFilter(eb, 'pending', nowIso))
      .executeTakeFirstOrThrow()
      .then(count),
    countSince(db, 'users', today),
    countSince(db, 'deals', today),
    countSince(db, 'users', weekAgo),
    countSince(db, 'users', twoWeeksAgo, weekAgo),
    countSince(db, 'deals', weekAgo),
    countSince(db, 'deals', twoWeeksAgo, weekAgo),
  ]);
  return {
    totalUsers: users,
    totalDeals: deals,
    activeDeals: active,
    pendingDeals: pending,
    newUsersToday: usersToday,
    newDealsToday: dealsToday,
    userGrowth: growthPercent(usersWeek, usersPrevWeek),
    dealGrowth: growthPercent(dealsWeek, dealsPrevWeek),
  };
}

export async function dashboard(db: Db, now = Date.now()): Promise<DashboardData> {
  const [stats, activity] = await Promise.all([dashboardStats(db.kysely, now), recentActivity(db.kysely)]);
  return { stats, recentActivity: activity };
}
