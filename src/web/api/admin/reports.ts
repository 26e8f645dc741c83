import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_QUEUE_PAGE_SIZE } from '../../../shared/domain/constants';
import {
  type OpenReportCount,
  REPORT_MESSAGES,
  type ReportAction,
  type ReportCreated,
  type ReportCreateInput,
  type ReportQueuePage,
  type ReportQueueStatus,
  type ReportResolved,
} from '../../../shared/schemas/admin/reports';
import { toast } from '../../lib/toast/toast';
import { ADMIN_COUNTS_REFRESH_MS, useInvalidateDeals } from './admin';
import { api, errorMessage } from '../client';
import { dealKeys } from '../deals/deals';
import { moderationLogKeys } from './moderation-log';

/** Reports (docs/notes/trust.md): a member reports a deal; the team's queue of reported deals and its answers. */

export const reportKeys = {
  count: ['admin', 'reports', 'count'] as const,
  root: ['admin', 'reports'] as const,
  queue: (status: ReportQueueStatus, page: number) => ['admin', 'reports', status, page] as const,
};

// ---------- member reports ----------

/** POST /deals/{id}/reports: the toast says thanks (or that the deal is now expired), or the server's refusal. */
export function useReportDeal(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportCreateInput) => api.post<ReportCreated>(`/deals/${dealId}/reports`, body),
    onSuccess: (result) => {
      if (result.dealExpired) {
        toast.success(`${REPORT_MESSAGES.created}. Enough members reported it: the deal is now marked expired.`);
        return qc.invalidateQueries({ queryKey: dealKeys.all });
      }
      toast.success(REPORT_MESSAGES.created);
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to report the deal')),
  });
}

// ---------- the team's queue ----------

/** The sidebar badge: deals with open reports, refreshed with the other counts; zero when the call fails. */
export const useOpenReportCount = (enabled = true) =>
  useQuery({
    queryKey: reportKeys.count,
    queryFn: () =>
      api.get<OpenReportCount>('/admin/reports/count').catch((err) => {
        console.error('Failed to count open reports', err);
        return { openDeals: 0, openReports: 0 } satisfies OpenReportCount;
      }),
    refetchInterval: ADMIN_COUNTS_REFRESH_MS,
    staleTime: 0,
    enabled,
  });

export const useReportQueue = (status: ReportQueueStatus, page: number) =>
  useQuery({
    queryKey: reportKeys.queue(status, page),
    queryFn: () => api.get<ReportQueuePage>('/admin/reports', { status, page, limit: REPORT_QUEUE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const RESOLVED_TOAST: Record<ReportAction, string> = {
  dismiss: 'Reports dismissed: the deal stays as it is',
  expire: 'Deal expired and its reports resolved',
  delete: 'Deal deleted and its reports resolved',
};

export function useResolveReports() {
  const qc = useQueryClient();
  const invalidateDeals = useInvalidateDeals();
  return useMutation({
    mutationFn: ({ dealId, action, reason }: { dealId: number; action: ReportAction; reason?: string }) =>
      api.post<ReportResolved>(`/admin/reports/${dealId}/resolve`, { action, reason: reason?.trim() || undefined }),
    onSuccess: (result) => {
      toast.success(RESOLVED_TOAST[result.action]);
      if (result.action !== 'dismiss') invalidateDeals();
      return Promise.all([qc.invalidateQueries({ queryKey: reportKeys.root }), qc.invalidateQueries({ queryKey: moderationLogKeys.all })]);
    },
    onError: (err) => {
      toast.error(errorMessage(err, 'Failed to resolve the reports'));
      // A second moderator may have answered first (409): show the queue as it is now.
      return qc.invalidateQueries({ queryKey: reportKeys.root });
    },
  });
}
