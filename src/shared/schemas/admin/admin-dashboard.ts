import { z } from 'zod';

/** GET /admin/dashboard (SPEC §2 Admin dashboard, §7): the totals and the latest activity. */

export const dashboardStatsSchema = z.object({
  totalUsers: z.number(),
  totalDeals: z.number(),
  activeDeals: z.number(),
  pendingDeals: z.number(),
  newUsersToday: z.number(),
  newDealsToday: z.number(),
  userGrowth: z.number(),
  dealGrowth: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const recentActivityItemSchema = z.object({
  /** Unique across sources (ids repeat between users, deals and log entries): use it as the list key. */
  key: z.string(),
  id: z.number(),
  type: z.enum(['user', 'deal', 'category', 'store', 'comment']),
  title: z.string(),
  action: z.string(),
  user: z.object({ id: z.number().nullable(), username: z.string() }),
  timestamp: z.string(),
});
export type RecentActivityItem = z.infer<typeof recentActivityItemSchema>;

export const dashboardSchema = z.object({ stats: dashboardStatsSchema, recentActivity: z.array(recentActivityItemSchema) });
export type DashboardData = z.infer<typeof dashboardSchema>;
