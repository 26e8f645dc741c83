import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostingStatus, Prefill } from '../../../shared/schemas/deals/posting';
import type { ShopMatch } from '../../../shared/schemas/catalog/stores';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';
import { catalogKeys } from '../catalog';

/** Posting a deal (docs/notes/posting.md): the form filled from a link, naming a new shop, and the member's status. */

/** POST /deals/prefill: what the page says. A page that cannot be read is an ApiError the form shows as a note. */
export const usePrefill = () => useMutation({ mutationFn: (url: string) => api.post<Prefill>('/deals/prefill', { url }) });

/** GET /deals/posting-status: whether the member's deal goes live at once. */
export const usePostingStatus = () => useQuery({ queryKey: ['posting-status'], queryFn: () => api.get<PostingStatus>('/deals/posting-status') });

/** POST /stores/propose: the shop the member names for their link; the store list is refreshed to hold it. */
export function useProposeShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; url: string }) => api.post<ShopMatch>('/stores/propose', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.stores }),
    onError: (err) => toast.error(errorMessage(err, 'Failed to add the shop')),
  });
}
