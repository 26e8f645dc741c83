import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  Category,
  DashboardData,
  DashboardStats,
  Deal,
  RecentActivityItem,
  ScraperInfo,
  ScraperLog,
  Store,
  UploadResult,
} from '../../shared/api';
import type { CategoryInput, StoreInput } from '../../shared/schemas/catalog';
import type { Role } from '../../shared/schemas/users';
import { api, unwrapList } from './client';

/** Query hooks and calls of the admin back office (SPEC §7 Admin). */

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  counts: ['admin', 'counts'] as const,
  deals: (params: AdminDealsParams) => ['admin', 'deals', params] as const,
  dealsRoot: ['admin', 'deals'] as const,
  deal: (id: number) => ['admin', 'deal', id] as const,
  users: (params: AdminUsersParams) => ['admin', 'users', params] as const,
  categories: ['admin', 'categories'] as const,
  stores: ['admin', 'stores'] as const,
  scrapers: ['admin', 'scrapers'] as const,
  scraperLogs: ['admin', 'scraper-logs'] as const,
};

/** Lists come as data.{key}, data.data or a bare array (SPEC §7). */
const listOf = <T>(value: unknown, key: string) => unwrapList<T>(value, key);
/** A single object may come bare or under data.{key} / data.data. */
function objectOf<T>(value: unknown, key: string): T {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (v[key] && typeof v[key] === 'object') return v[key] as T;
    if (v.data && typeof v.data === 'object' && !Array.isArray(v.data)) return v.data as T;
  }
  return value as T;
}

// ---------- dashboard and sidebar counts ----------

export const ZERO_STATS: DashboardStats = {
  totalUsers: 0,
  totalDeals: 0,
  activeDeals: 0,
  pendingDeals: 0,
  newUsersToday: 0,
  newDealsToday: 0,
  userGrowth: 0,
  dealGrowth: 0,
};

export interface DashboardResult extends DashboardData {
  /** True when the call failed and the zeros of SPEC §8 'Other' stand in. */
  failed: boolean;
}

/** GET /admin/dashboard: reads data.data (or data) with stats and recentActivity; falls back to zeros on failure. */
export async function fetchDashboard(): Promise<DashboardResult> {
  try {
    const raw = await api.get<unknown>('/admin/dashboard');
    const data = objectOf<Partial<DashboardData> & Partial<DashboardStats>>(raw, 'data');
    const stats = { ...ZERO_STATS, ...(data.stats ?? (data as Partial<DashboardStats>)) };
    const recentActivity = Array.isArray(data.recentActivity) ? (data.recentActivity as RecentActivityItem[]) : [];
    return { stats, recentActivity: recentActivity.slice(0, 10), failed: false };
  } catch (err) {
    console.error('Failed to load the admin dashboard', err);
    return { stats: ZERO_STATS, recentActivity: [], failed: true };
  }
}

export const useDashboard = () => useQuery({ queryKey: adminKeys.dashboard, queryFn: fetchDashboard, staleTime: 0 });

export const ADMIN_COUNTS_REFRESH_MS = 60_000;

/** The sidebar badges: the same totals the View Pending / View Active lists show; zero when a call fails. */
async function fetchCounts(): Promise<{ pending: number; active: number }> {
  const total = (status: string) =>
    api
      .get<{ totalCount?: number }>('/admin/deals', { status, limit: 1, page: 1 })
      .then((d) => Number(d?.totalCount ?? 0))
      .catch((err) => {
        console.error(`Failed to count ${status} deals`, err);
        return 0;
      });
  const [pending, active] = await Promise.all([total('pending'), total('active')]);
  return { pending, active };
}

export const useAdminCounts = () =>
  useQuery({ queryKey: adminKeys.counts, queryFn: fetchCounts, refetchInterval: ADMIN_COUNTS_REFRESH_MS, staleTime: 0 });

// ---------- deals ----------

export interface AdminDealsParams {
  page: number;
  limit: number;
  status: string;
  category: string;
  store: string;
  search: string;
  sort: string;
}

export interface AdminDealsPage {
  deals: Deal[];
  totalCount: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** GET /admin/deals; 'all' filters and an empty search are left out (SPEC §5 Browse query rules). */
export async function fetchAdminDeals(p: AdminDealsParams): Promise<AdminDealsPage> {
  const data = await api.get<Partial<AdminDealsPage> & { success?: boolean }>('/admin/deals', {
    page: p.page,
    limit: p.limit,
    status: p.status === 'all' ? undefined : p.status,
    category: p.category === 'all' ? undefined : p.category,
    store: p.store === 'all' ? undefined : p.store,
    search: p.search.trim() || undefined,
    sort: p.sort,
  });
  if (data?.success === false) throw new Error('Failed to fetch admin deals');
  const deals = listOf<Deal>(data, 'deals');
  const totalCount = Number(data?.totalCount ?? deals.length);
  return {
    deals,
    totalCount,
    page: Number(data?.page ?? p.page),
    limit: Number(data?.limit ?? p.limit),
    totalPages: Number(data?.totalPages ?? Math.ceil(totalCount / p.limit)),
  };
}

export const useAdminDeals = (params: AdminDealsParams) =>
  useQuery({ queryKey: adminKeys.deals(params), queryFn: () => fetchAdminDeals(params), placeholderData: keepPreviousData, staleTime: 0 });

export const fetchAdminDeal = async (id: number) => objectOf<Deal>(await api.get<unknown>(`/admin/deals/${id}`), 'deal');

export const useAdminDeal = (id: number) =>
  useQuery({ queryKey: adminKeys.deal(id), queryFn: () => fetchAdminDeal(id), staleTime: 0, retry: false, enabled: Number.isInteger(id) && id > 0 });

export interface AdminDealUpdate {
  title: string;
  description: string | null;
  price: number;
  originalPrice: number | null;
  url: string;
  coupon: string | null;
  imageUrl: string;
  status: string;
  storeId: number;
  categoryId: number;
}

export const updateAdminDeal = (id: number, values: AdminDealUpdate) => api.put<unknown>(`/admin/deals/${id}`, values);
export const deleteAdminDeal = (id: number) => api.delete<unknown>(`/admin/deals/${id}`);

export interface ProcessTasks {
  improveTitle: boolean;
  generateDescription: boolean;
  localizeImage: boolean;
}
export interface ActivationReply {
  activated?: boolean;
  tasks?: Partial<Record<keyof ProcessTasks, { ok: boolean; error?: string }>>;
}
export const activateAdminDeal = (id: number, processTasks: ProcessTasks) =>
  api.post<ActivationReply>(`/admin/deals/${id}/activate`, { processTasks });

/** After any deal change: the lists, the badges, the dashboard and the public pages' caches are stale. */
export function useInvalidateDeals() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.all });
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'admin' && JSON.stringify(q.queryKey).includes('deal') });
  };
}

// ---------- AI and image localising ----------

/** POST /ai/generate for a title: reply text still to be cleaned (SPEC §7). */
export const generateTitleText = (prompt: string) => api.post<{ text?: string }>('/ai/generate', { prompt }).then((d) => d?.text ?? '');
/** POST /ai/generate for a description: the URL (with cache buster) as prompt, plus the title. */
export const generateDescriptionText = (prompt: string, title: string) =>
  api.post<{ text?: string }>('/ai/generate', { prompt, title }).then((d) => d?.text ?? '');

export const localizeDealImage = (imageUrl: string, dealId: number) =>
  api.post<{ imageUrl: string; thumbnailUrl?: string }>('/admin/deals/localize-image', { imageUrl, dealId });

// ---------- users ----------

export interface AdminUsersParams {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}
export interface AdminUsersPage {
  users: AdminUser[];
  totalCount: number;
}

export async function fetchAdminUsers(p: AdminUsersParams): Promise<AdminUsersPage> {
  const data = await api.get<Partial<AdminUsersPage>>('/admin/users', { ...p, search: p.search?.trim() || undefined });
  const users = listOf<AdminUser>(data, 'users');
  return { users, totalCount: Number(data?.totalCount ?? users.length) };
}

export const useAdminUsers = (params: AdminUsersParams) =>
  useQuery({ queryKey: adminKeys.users(params), queryFn: () => fetchAdminUsers(params), placeholderData: keepPreviousData, staleTime: 0 });

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) => api.put<AdminUser>(`/admin/users/${id}/role`, { role }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

// ---------- categories and stores ----------

export const useAdminCategories = () =>
  useQuery({ queryKey: adminKeys.categories, queryFn: async () => listOf<Category>(await api.get<unknown>('/admin/categories'), 'categories'), staleTime: 0 });

export const useAdminStores = () =>
  useQuery({ queryKey: adminKeys.stores, queryFn: async () => listOf<Store>(await api.get<unknown>('/admin/stores'), 'stores'), staleTime: 0 });

export const createCategory = (input: CategoryInput) => api.post<unknown>('/admin/categories', input);
export const updateCategory = (id: number, input: CategoryInput) => api.put<unknown>(`/admin/categories/${id}`, input);
export const deleteCategory = (id: number) => api.delete<unknown>(`/admin/categories/${id}`);

/** The created or updated store (bare or under data.store), so a new store's logo can be uploaded right after. */
export const createStore = async (input: StoreInput) => objectOf<Store>(await api.post<unknown>('/admin/stores', input), 'store');
export const updateStore = async (id: number, input: StoreInput) => objectOf<Store>(await api.put<unknown>(`/admin/stores/${id}`, input), 'store');
export const deleteStore = (id: number) => api.delete<unknown>(`/admin/stores/${id}`);
export const uploadStoreLogo = (id: number, file: File) => api.upload<Partial<UploadResult> & { logoUrl?: string }>(`/stores/${id}/upload-logo`, 'logo', file);

/** The catalogue changed: admin lists and the public filter lists. */
export function useInvalidateCatalog() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: adminKeys.categories });
    qc.invalidateQueries({ queryKey: adminKeys.stores });
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'categories' || q.queryKey[0] === 'stores' });
  };
}

// ---------- scrapers ----------

export const useScrapers = () =>
  useQuery({ queryKey: adminKeys.scrapers, queryFn: async () => listOf<ScraperInfo>(await api.get<unknown>('/admin/scrapers'), 'scrapers'), staleTime: 0 });

export const fetchScraperLogs = async () => listOf<ScraperLog>(await api.get<unknown>('/admin/scrapers/logs'), 'logs');
export const useScraperLogs = () => useQuery({ queryKey: adminKeys.scraperLogs, queryFn: fetchScraperLogs, staleTime: 0, retry: false });

export const runScraper = (source: string) => api.post<{ dataFile?: string | null }>('/admin/scrapers/run', { source });
export const runAllScrapers = () => api.post<unknown>('/admin/scrapers/run-all');
