import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealVotesPage, VotesVoided } from '../../shared/schemas/votes';
import type { PublicLogPage } from '../../shared/schemas/moderation-log';
import { type OpenReportCount, REPORT_MESSAGES, type ReportAction, type ReportCreated, type ReportCreateInput, type ReportQueuePage, type ReportResolved } from '../../shared/schemas/reports';
import { toast } from '../lib/toast';
import { ADMIN_COUNTS_REFRESH_MS, adminKeys, useInvalidateDeals } from './admin';
import { api, errorMessage } from './client';
import { dealKeys } from './deals';

/** Trust in the feed (issue 13, docs/notes/trust.md): member reports, the team's queue, a deal's votes, the public log. */

export const trustKeys = {
  reportCount: ['admin', 'reports', 'count'] as const,
  reportsRoot: ['admin', 'reports'] as const,
  reports: (status: 'open' | 'resolved', page: number) => ['admin', 'reports', status, page] as const,
  votes: (dealId: number, page: number) => ['admin', 'deal-votes', dealId, page] as const,
  votesRoot: (dealId: number) => ['admin', 'deal-votes', dealId] as const,
  moderationLog: (page: number) => ['moderation-log', page] as const,
};

const failed = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

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
    onError: failed('Failed to report the deal'),
  });
}

// ---------- the team's queue ----------

/** The sidebar badge: deals with open reports, refreshed with the other counts; zero when the call fails. */
export const useOpenReportCount = (enabled = true) =>
  useQuery({
    queryKey: trustKeys.reportCount,
    queryFn: () =>
      api.get<OpenReportCount>('/admin/reports/count').catch((err) => {
        console.error('Failed to count open reports', err);
        return { openDeals: 0, openReports: 0 } satisfies OpenReportCount;
      }),
    refetchInterval: ADMIN_COUNTS_REFRESH_MS,
    staleTime: 0,
    enabled,
  });

export const REPORT_PAGE_SIZE = 20;

export const useReportQueue = (status: 'open' | 'resolved', page: number) =>
  useQuery({
    queryKey: trustKeys.reports(status, page),
    queryFn: () => api.get<ReportQueuePage>('/admin/reports', { status, page, limit: REPORT_PAGE_SIZE }),
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
      return Promise.all([qc.invalidateQueries({ queryKey: trustKeys.reportsRoot }), qc.invalidateQueries({ queryKey: ['moderation-log'] })]);
    },
    onError: (err) => {
      toast.error(errorMessage(err, 'Failed to resolve the reports'));
      // A second moderator may have answered first (409): show the queue as it is now.
      return qc.invalidateQueries({ queryKey: trustKeys.reportsRoot });
    },
  });
}

// ---------- a deal's votes (admin edit deal) ----------

export const useDealVotes = (dealId: number, page: number) =>
  useQuery({
    queryKey: trustKeys.votes(dealId, page),
    queryFn: () => api.get<DealVotesPage>(`/admin/deals/${dealId}/votes`, { page }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useVoidVotes(dealId: number) {
  const qc = useQueryClient();
  const invalidateDeals = useInvalidateDeals();
  return useMutation({
    mutationFn: ({ voteIds, reason }: { voteIds: number[]; reason?: string }) =>
      api.post<VotesVoided>(`/admin/deals/${dealId}/votes/void`, { voteIds, reason: reason?.trim() || undefined }),
    onSuccess: (result) => {
      toast.success(`${result.voided} ${result.voided === 1 ? 'vote' : 'votes'} voided: the temperature is now ${result.temperature}°`);
      invalidateDeals();
      return Promise.all([
        qc.invalidateQueries({ queryKey: trustKeys.votesRoot(dealId) }),
        qc.invalidateQueries({ queryKey: adminKeys.deal(dealId) }),
        qc.invalidateQueries({ queryKey: ['moderation-log'] }),
      ]);
    },
    onError: failed('Failed to void the votes'),
  });
}

// ---------- the public moderation log ----------

export const useModerationLog = (page: number) =>
  useQuery({
    queryKey: trustKeys.moderationLog(page),
    queryFn: () => api.get<PublicLogPage>('/moderation-log', { page }),
    placeholderData: keepPreviousData,
  });
