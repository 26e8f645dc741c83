import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedReply } from '../../../shared/schemas/common';
import type { Deal, DealCreateInput, UploadResult } from '../../../shared/schemas/deals/deals';
import type { SavedToggle } from '../../../shared/schemas/deals/saved';
import type { VoteResult } from '../../../shared/schemas/deals/votes';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';
import { dealKeys } from './deals';

/** The changes a member makes to deals (SPEC §4), each with its cache updates and the toasts of SPEC §8. */

export function useUploadDealImage() {
  return useMutation({
    mutationFn: (file: File) => api.upload<UploadResult>('/deals/upload-image', 'image', file),
    onError: (err) => toast.error(errorMessage(err, 'Failed to upload image')),
  });
}

export function useCreateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: DealCreateInput) => api.post<Deal>('/deals', payload),
    onSuccess: () => qc.invalidateQueries({ queryKey: dealKeys.all }),
    onError: (err) => toast.error(errorMessage(err, 'An error occurred while creating the deal.')),
  });
}

export function useUpdateDeal(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: DealCreateInput) => api.put<Deal>(`/deals/${id}`, payload),
    onSuccess: (deal) => {
      qc.setQueryData(dealKeys.detail(id), deal);
      toast.success('Deal updated successfully');
      return qc.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update deal')),
  });
}

export function useDeleteDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedReply>(`/deals/${id}`),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: dealKeys.detail(id) });
      toast.success('Deal deleted successfully');
      return qc.invalidateQueries({ queryKey: dealKeys.all });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to delete deal')),
  });
}

/** SPEC §4: a successful vote sets temperature to totalVotes and userVote to voteType. */
export function useVote(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (voteType: 1 | -1) => api.post<VoteResult>('/votes', { dealId, voteType }),
    onSuccess: (result) => {
      qc.setQueryData<Deal>(dealKeys.detail(dealId), (old) =>
        old
          ? {
              ...old,
              temperature: result.totalVotes,
              totalVotes: result.totalVotes,
              userVote: result.voteType,
              upvotes: result.upvotes,
              downvotes: result.downvotes,
            }
          : old,
      );
      qc.invalidateQueries({ queryKey: dealKeys.lists() });
      qc.invalidateQueries({ queryKey: ['deals', 'row'] });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to vote')),
  });
}

/** Save toggles between saved and not saved (SPEC §4). */
export function useToggleSave(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (save: boolean) => {
      if (save) await api.post<SavedToggle>(`/deals/${dealId}/save`);
      else await api.delete<SavedToggle>(`/deals/${dealId}/save`);
      return save;
    },
    onSuccess: (saved) => {
      toast.success(saved ? 'Deal saved successfully' : 'Removed from saved deals');
      qc.setQueryData<Deal>(dealKeys.detail(dealId), (old) => (old ? { ...old, isSaved: saved } : old));
      // Other screens (saved deals) read these lists.
      qc.invalidateQueries({ queryKey: ['saved-deals'] });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to save deal')),
  });
}
