import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment, Deal } from '../../shared/api';
import { ApiError, api, unwrapList } from './client';
import { dealKeys } from './deals';

export const commentKeys = {
  forDeal: (dealId: number) => ['comments', 'deal', dealId] as const,
};

/** GET /comments/{dealId}; a 404 is treated as an empty list (SPEC §7). */
export async function fetchComments(dealId: number, signal?: AbortSignal): Promise<Comment[]> {
  try {
    return unwrapList<Comment>(await api.get<unknown>(`/comments/${dealId}`, undefined, signal), 'comments');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export function useComments(dealId: number | null) {
  return useQuery({
    queryKey: commentKeys.forDeal(dealId ?? 0),
    queryFn: ({ signal }) => fetchComments(dealId as number, signal),
    enabled: dealId !== null,
  });
}

const bumpCount = (dealId: number, by: number, qc: ReturnType<typeof useQueryClient>) =>
  qc.setQueryData<Deal>(dealKeys.detail(dealId), (old) => (old ? { ...old, commentCount: Math.max(0, (old.commentCount ?? 0) + by) } : old));

export function useAddComment(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<Comment>('/comments', { dealId, text: text.trim() }),
    onSuccess: () => {
      bumpCount(dealId, 1, qc);
      return qc.invalidateQueries({ queryKey: commentKeys.forDeal(dealId) });
    },
  });
}

export function useDeleteComment(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => api.delete<unknown>(`/comments/${commentId}`),
    onSuccess: (_d, commentId) => {
      qc.setQueryData<Comment[]>(commentKeys.forDeal(dealId), (old) => old?.filter((c) => c.id !== commentId));
      bumpCount(dealId, -1, qc);
      return qc.invalidateQueries({ queryKey: commentKeys.forDeal(dealId) });
    },
  });
}
