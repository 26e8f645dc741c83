import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal, PublicUser, UserCommentItem, UserCommentsPage } from '../../shared/api';
import { useAuth } from '../app/auth/AuthContext';
import { api, unwrapList } from './client';
import { dealKeys } from './deals';

/** SPEC §9: saved deals 30 per page, comments 20 per page; the profile is cached 5 min. */
export const SAVED_PAGE_SIZE = 30;
export const COMMENTS_PAGE_SIZE = 20;
const PROFILE_STALE_MS = 300_000;

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

/**
 * Member data is keyed by the signed-in user, so one account never sees another's cached lists.
 * Saved deals use the 'saved-deals' root that the save toggle in api/deals.ts invalidates.
 */
const memberKey = (userId: number | undefined, ...rest: unknown[]) => ['member', userId ?? 0, ...rest] as const;

export function useProfile() {
  const { user } = useAuth();
  return useQuery({
    queryKey: memberKey(user?.id, 'profile'),
    queryFn: () => api.get<PublicUser>(`/users/${user!.id}/profile`),
    enabled: !!user,
    staleTime: PROFILE_STALE_MS,
  });
}

export interface ProfileChanges {
  username: string;
  email: string;
  bio: string;
  currentPassword?: string;
  newPassword?: string;
}

export function useUpdateProfile() {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    // A new token comes back after a password change; the API client stores any data.token itself.
    mutationFn: (changes: ProfileChanges) => api.put<PublicUser & { user?: PublicUser }>(`/users/${user!.id}/profile`, changes),
    onSuccess: (data) => {
      const updated = data.user ?? data;
      updateUser(updated);
      queryClient.setQueryData(memberKey(updated.id, 'profile'), updated);
    },
  });
}

export function useUploadAvatar() {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.upload<PublicUser & { user?: PublicUser }>(`/users/${user!.id}/avatar`, 'avatar', file),
    onSuccess: (data) => {
      const updated = data.user ?? data;
      updateUser(updated);
      queryClient.setQueryData(memberKey(updated.id, 'profile'), updated);
    },
  });
}

export function useMyDeals() {
  const { user } = useAuth();
  return useQuery({
    queryKey: memberKey(user?.id, 'deals'),
    queryFn: async () => unwrapList<Deal>(await api.get<unknown>('/user/deals'), 'deals'),
    enabled: !!user,
    // The list changes whenever the member posts or edits elsewhere; always show the latest on arrival.
    staleTime: 0,
  });
}

export function useDeleteMyDeal() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dealId: number) => api.delete<unknown>(`/deals/${dealId}`),
    onSuccess: (_data, dealId) => {
      queryClient.setQueryData<Deal[]>(memberKey(user?.id, 'deals'), (deals) => deals?.filter((d) => d.id !== dealId));
      queryClient.invalidateQueries({ queryKey: dealKeys.all });
      queryClient.invalidateQueries({ queryKey: ['saved-deals'] });
    },
  });
}

/** Accepts the paged deal list of SPEC §3 (deals, totalCount, ...) or a data + pagination pair. */
export function toPaged<T>(value: unknown, listKey: string, page: number, pageSize: number): Paged<T> {
  const v = (value ?? {}) as Record<string, any>;
  const items = unwrapList<T>(value, listKey);
  const p = (v.pagination ?? v) as Record<string, any>;
  const totalCount = Number(p.totalCount ?? p.total ?? items.length);
  const size = Number(p.pageSize ?? p.limit ?? pageSize) || pageSize;
  const totalPages = Number(p.totalPages ?? Math.max(1, Math.ceil(totalCount / size)));
  return { items, page: Number(p.page ?? page) || page, pageSize: size, totalCount, totalPages };
}

export function useSavedDeals(page: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['saved-deals', user?.id ?? 0, page],
    queryFn: async () => toPaged<Deal>(await api.get<unknown>('/deals/saved', { page, pageSize: SAVED_PAGE_SIZE }), 'deals', page, SAVED_PAGE_SIZE),
    enabled: !!user,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMyComments(page: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: memberKey(user?.id, 'comments', page),
    queryFn: async () =>
      toPaged<UserCommentItem>(
        await api.get<UserCommentsPage>('/comments/user/me', { page, pageSize: COMMENTS_PAGE_SIZE }),
        'data',
        page,
        COMMENTS_PAGE_SIZE,
      ),
    enabled: !!user,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
