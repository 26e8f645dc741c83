import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealVotesPage, VotesVoided } from '../../../shared/schemas/deals/votes';
import { toast } from '../../lib/toast/toast';
import { adminKeys, useInvalidateDeals } from './admin';
import { api, errorMessage } from '../client';
import { moderationLogKeys } from './moderation-log';

/** A deal's votes in the admin edit deal "Votes" panel, and voiding some of them (docs/notes/trust.md). */

export const dealVoteKeys = {
  root: (dealId: number) => ['admin', 'deal-votes', dealId] as const,
  page: (dealId: number, page: number) => ['admin', 'deal-votes', dealId, page] as const,
};

export const useDealVotes = (dealId: number, page: number) =>
  useQuery({
    queryKey: dealVoteKeys.page(dealId, page),
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
        qc.invalidateQueries({ queryKey: dealVoteKeys.root(dealId) }),
        qc.invalidateQueries({ queryKey: adminKeys.deal(dealId) }),
        qc.invalidateQueries({ queryKey: moderationLogKeys.all }),
      ]);
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to void the votes')),
  });
}
