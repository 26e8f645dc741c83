import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowType } from '../../../shared/domain/members/follows';
import type { FollowIds, FollowList, FollowState } from '../../../shared/schemas/members/follows';
import { useAuth } from '../../app/auth/AuthContext';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';

/** A member's follows (docs/notes/vouchers-follows.md), keyed by the member so one account never sees another's. */
export const followKeys = {
  all: ['follows'] as const,
  ids: (userId: number) => ['follows', userId, 'ids'] as const,
  list: (userId: number) => ['follows', userId, 'list'] as const,
};

export function useFollowIds() {
  const { user } = useAuth();
  return useQuery({ queryKey: followKeys.ids(user?.id ?? 0), queryFn: () => api.get<FollowIds>('/follows/ids'), enabled: !!user, staleTime: 60_000 });
}

export function useFollowList() {
  const { user } = useAuth();
  return useQuery({ queryKey: followKeys.list(user?.id ?? 0), queryFn: () => api.get<FollowList>('/follows'), enabled: !!user, staleTime: 0 });
}

export function useToggleFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, follow }: { type: FollowType; id: number; follow: boolean }) =>
      follow ? api.post<FollowState>('/follows', { type, id }) : api.delete<FollowState>(`/follows/${type}/${id}`),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: followKeys.all }), qc.invalidateQueries({ queryKey: ['deals', 'list'] })]),
    onError: (err) => toast.error(errorMessage(err, 'Failed to update what you follow')),
  });
}
