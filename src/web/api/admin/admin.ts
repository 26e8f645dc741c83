import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDealPage, AdminDealStatusFilter } from '../../../shared/schemas/admin/admin-deals';
import type { AdminUsersQuery } from '../../../shared/schemas/admin/admin-users';
import type { DashboardData } from '../../../shared/schemas/admin/admin-dashboard';
import { api } from '../client';

/** Query keys, invalidation and the overview calls of the admin back office (SPEC §7 Admin). */

/** The Deals Management query as the screen holds it (adminDealsQuerySchema's fields; 'all' means no filter). */
export interface AdminDealsParams {
  page: number;
  limit: number;
  status: AdminDealStatusFilter;
  /** 'all' or a category id. */
  category: string;
  /** 'all' or a store id. */
  store: string;
  search: string;
  /** `{column}_{asc|desc}`. */
  sort: string;
}

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  counts: ['admin', 'counts'] as const,
  deals: (params: AdminDealsParams) => ['admin', 'deals', params] as const,
  dealsRoot: ['admin', 'deals'] as const,
  deal: (id: number) => ['admin', 'deal', id] as const,
  users: (params: AdminUsersQuery) => ['admin', 'users', params] as const,
  usersRoot: ['admin', 'users'] as const,
  categories: ['admin', 'categories'] as const,
  stores: ['admin', 'stores'] as const,
  scrapers: ['admin', 'scrapers'] as const,
  scraperLogs: ['admin', 'scraper-logs'] as const,
};

/** After any deal change: the lists, the badges, the dashboard and the public pages' caches are stale. */
export function useInvalidateDeals() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.all });
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' && JSON.stringify(q.queryKey).includes('deal') });
  };
}

/** The catalogue changed: admin lists and the public filter lists. */
export function useInvalidateCatalog() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.categories });
    qc.invalidateQueries({ queryKey: adminKeys.stores });
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'categories' || q.queryKey[0] === 'stores' });
  };
}

// ---------- dashboard and sidebar counts ----------

export interface DashboardResult extends DashboardData {
  /** True when the call failed and the zeros of SPEC §8 'Other' stand in. */
  failed: boolean;
}

export const ZERO_DASHBOARD: DashboardData = {
  stats: { totalUsers: 0, totalDeals: 0, activeDeals: 0, pendingDeals: 0, newUsersToday: 0, newDealsToday: 0, userGrowth: 0, dealGrowth: 0 },
  recentActivity: [],
};

/** GET /admin/dashboard; a failure shows the zeros rather than an error (SPEC §7). */
export async function fetchDashboard(): Promise<DashboardResult> {
  try {
    return { ...(await api.get<DashboardData>('/admin/dashboard')), failed: false };
  } catch (err) {
    console.error('Failed to load the admin dashboard', err);
    return { ...ZERO_DASHBOARD, failed: true };
  }
}

export const useDashboard = () => useQuery({ queryKey: adminKeys.dashboard, queryFn: fetchDashboard, staleTime: 0 });

export const ADMIN_COUNTS_REFRESH_MS = 60_000;

/** The sidebar badges: the same totals the View Pending / View Active lists show; zero when a call fails. */
async function fetchCounts(): Promise<{ pending: number; active: number }> {
  const total = (status: string) =>
    api
      .get<AdminDealPage>('/admin/deals', { status, limit: 1, page: 1 })
      .then((d) => d.totalCount)
      .catch((err) => {
        console.error(`Failed to count ${status} deals`, err);
        return 0;
      });
  const [pending, active] = await Promise.all([total('pending'), total('active')]);
  return { pending, active };
}

/** The sidebar's deal counts: admin-only calls, so asked only for an administrator (a moderator's screens never send them). */
export const useAdminCounts = (enabled = true) =>
  useQuery({ queryKey: adminKeys.counts, queryFn: fetchCounts, refetchInterval: ADMIN_COUNTS_REFRESH_MS, staleTime: 0, enabled });
