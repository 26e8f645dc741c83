import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ActivateBody, ActivationResult, AdminDealEditInput, AdminDealPage, TrustedPosts } from '../../../shared/schemas/admin/admin-deals';
import type { AiGenerateInput, AiGenerateReply } from '../../../shared/schemas/admin/ai';
import type { Deal } from '../../../shared/schemas/deals/deals';
import type { DeletedReply } from '../../../shared/schemas/common';
import type { LocalizedImage, LocalizeInput } from '../../../shared/schemas/admin/localize';
import { toast } from '../../lib/toast/toast';
import { type AdminDealsParams, adminKeys, useInvalidateDeals } from './admin';
import { api, errorMessage } from '../client';

export type { AdminDealsParams };

export type ProcessTasks = ActivateBody['processTasks'];

/** GET /admin/deals; 'all' filters and an empty search are left out (SPEC §5 Browse query rules). */
export const fetchAdminDeals = (p: AdminDealsParams) =>
  api.get<AdminDealPage>('/admin/deals', {
    page: p.page,
    limit: p.limit,
    status: p.status === 'all' ? undefined : p.status,
    category: p.category === 'all' ? undefined : p.category,
    store: p.store === 'all' ? undefined : p.store,
    search: p.search.trim() || undefined,
    sort: p.sort,
  });

export const useAdminDeals = (params: AdminDealsParams) =>
  useQuery({ queryKey: adminKeys.deals(params), queryFn: () => fetchAdminDeals(params), placeholderData: keepPreviousData, staleTime: 0 });

export const useAdminDeal = (id: number) =>
  useQuery({
    queryKey: adminKeys.deal(id),
    queryFn: () => api.get<Deal>(`/admin/deals/${id}`),
    staleTime: 0,
    retry: false,
    enabled: Number.isInteger(id) && id > 0,
  });

/** One step of a batch: the batch runner sequences, paces and reports these itself (pages/admin/deals/batch/batch.ts). */
export const activateAdminDeal = (id: number, processTasks: ProcessTasks) => api.post<ActivationResult>(`/admin/deals/${id}/activate`, { processTasks });
export const deleteAdminDeal = (id: number) => api.delete<DeletedReply>(`/admin/deals/${id}`);

const failureToast = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

export function useUpdateAdminDeal(id: number) {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (values: AdminDealEditInput) => api.put<Deal>(`/admin/deals/${id}`, values),
    onSuccess: () => {
      invalidate();
      toast.success('Deal updated successfully');
    },
    onError: failureToast('Failed to update deal'),
  });
}

export function useDeleteAdminDeal() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: deleteAdminDeal,
    onSuccess: () => {
      invalidate();
      toast.success('Deal deleted successfully');
    },
    onError: failureToast('Failed to delete deal'),
  });
}

/** Copies an external deal image into /uploads (SPEC §7 localize-image); the deal already points at the copy. */
export function useLocalizeImage(dealId: number) {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: (imageUrl: string) => api.post<LocalizedImage>('/admin/deals/localize-image', { imageUrl, dealId } satisfies LocalizeInput),
    onSuccess: () => {
      toast.success('Image localized successfully');
      invalidate();
    },
    onError: failureToast('Failed to localize image'),
  });
}

/** POST /ai/generate: the raw text, still to be cleaned by the caller (SPEC §7). */
export const useAiGenerate = () => useMutation({ mutationFn: (body: AiGenerateInput) => api.post<AiGenerateReply>('/ai/generate', body).then((d) => d.text) });

/** GET /admin/deals/trusted: the newest deals trusted members posted live (docs/notes/posting.md). */
export const useTrustedPosts = () =>
  useQuery({ queryKey: [...adminKeys.dealsRoot, 'trusted'], queryFn: async () => (await api.get<TrustedPosts>('/admin/deals/trusted')).deals, staleTime: 0 });

/** A live deal back to pending for the team to check, with the reason its poster reads on My deals. */
export function usePullBack() {
  const invalidate = useInvalidateDeals();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<{ deal: Deal }>(`/admin/deals/${id}/pull-back`, { reason: reason.trim() || null }),
    onSuccess: () => {
      toast.success('Deal pulled back to pending');
      invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to pull the deal back')),
  });
}
