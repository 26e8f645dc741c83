import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../../shared/domain/shops/analytics';
import type { Analytics } from '../../../shared/schemas/admin/analytics';
import { api, ApiError } from '../client';
import { tokenStore } from '../members/token';

/** The back office's analytics (docs/notes/analytics.md): the period's report, and the daily rows as a CSV file. */
export const analyticsKeys = {
  report: (period: AnalyticsPeriod) => ['admin', 'analytics', period] as const,
};

/** GET /admin/analytics?period=: kept on screen while another period loads; refreshed every minute. */
export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.report(period),
    queryFn: ({ signal }) => api.get<Analytics>('/admin/analytics', { period }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/**
 * GET /admin/analytics/daily.csv, saved as a file. The API wants the bearer token, which a plain link cannot carry,
 * so the file is fetched and handed to the browser as a download.
 */
export async function downloadDailyCsv(from: string, to: string): Promise<void> {
  const token = tokenStore.get();
  const res = await fetch(`/api/admin/analytics/daily.csv?from=${from}&to=${to}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body?.error ?? 'Could not download the figures', body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `quidsin-daily-${from}-${to}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
