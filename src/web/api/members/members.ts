import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_PAGE_SIZE, USER_COMMENTS_PAGE_SIZE } from '../../../shared/domain/constants';
import type { UserCommentItem, UserCommentsPage } from '../../../shared/schemas/deals/comments';
import type { DeletedReply } from '../../../shared/schemas/common';
import type { Deal, DealPage } from '../../../shared/schemas/deals/deals';
import type { MemberProfile } from '../../../shared/schemas/members/members';
import type { ProfileReply, ProfileUpdateInput, PublicUser } from '../../../shared/schemas/members/users';
import { useAuth } from '../../app/auth/AuthContext';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';
import { dealKeys } from '../deals/deals';

/** SPEC §9: the profile is cached 5 min (page sizes: shared/domain/constants). */
const PROFILE_STALE_MS = 300_000;

/** One page of a member list, whichever way the server pages it. */
export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export type ProfileChanges = ProfileUpdateInput;

/** The signed-in user's id; these hooks run only for a member (`enabled`, or a control shown to members only). */
function signedInId(user: { id: number } | null | undefined): number {
  if (!user) throw new Error('Not signed in');
  return user.id;
}

/**
 * Member data is keyed by the signed-in user, so one account never sees another's cached lists.
 * Saved deals use the 'saved-deals' root that the save toggle in api/deals/deals.ts invalidates.
 */
const memberKey = (userId: number | undefined, ...rest: unknown[]) => ['member', userId ?? 0, ...rest] as const;

export function useProfile() {
  const { user } = useAuth();
  return useQuery({
    queryKey: memberKey(user?.id, 'profile'),
    queryFn: () => api.get<PublicUser>(`/users/${signedInId(user)}/profile`),
    enabled: !!user,
    staleTime: PROFILE_STALE_MS,
  });
}

/**
 * A change to the signed-in user: afterwards the auth state (header) and the cached profile both show the server's copy
 * of the user. A new token comes back after a password change; the API client stores any data.token itself.
 */
function useUserMutation<V>(send: (userId: number, vars: V) => Promise<ProfileReply>, done: string, failed: string) {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => send(signedInId(user), vars),
    onSuccess: ({ user: updated }) => {
      updateUser(updated);
      queryClient.setQueryData(memberKey(updated.id, 'profile'), updated);
      toast.success(done);
    },
    onError: (err) => toast.error(errorMessage(err, failed)),
  });
}

export const useUpdateProfile = () =>
  useUserMutation(
    (id, changes: ProfileChanges) => api.put<ProfileReply>(`/users/${id}/profile`, changes),
    'Profile updated successfully.',
    'Failed to update profile',
  );

export const useUploadAvatar = () =>
  useUserMutation(
    (id, file: File) => api.upload<ProfileReply>(`/users/${id}/avatar`, 'avatar', file),
    'Avatar uploaded successfully.',
    'Failed to upload avatar',
  );

export function useMyDeals() {
  const { user } = useAuth();
  return useQuery({
    queryKey: memberKey(user?.id, 'deals'),
    queryFn: () => api.get<Deal[]>('/user/deals'),
    enabled: !!user,
    // The list changes whenever the member posts or edits elsewhere; always show the latest on arrival.
    staleTime: 0,
  });
}

export function useDeleteMyDeal() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dealId: number) => api.delete<DeletedReply>(`/deals/${dealId}`),
    onSuccess: (_data, dealId) => {
      queryClient.setQueryData<Deal[]>(memberKey(user?.id, 'deals'), (deals) => deals?.filter((d) => d.id !== dealId));
      queryClient.invalidateQueries({ queryKey: dealKeys.all });
      queryClient.invalidateQueries({ queryKey: ['saved-deals'] });
      toast.success('Deal deleted successfully');
    },
    onError: () => toast.error('Failed to delete deal. Please try again.'),
  });
}

export function useSavedDeals(page: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['saved-deals', user?.id ?? 0, page],
    queryFn: async (): Promise<Paged<Deal>> => {
      const { deals, ...paging } = await api.get<DealPage>('/deals/saved', { page, pageSize: SAVED_PAGE_SIZE });
      return { items: deals, ...paging };
    },
    enabled: !!user,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMyComments(page: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: memberKey(user?.id, 'comments', page),
    queryFn: async (): Promise<Paged<UserCommentItem>> => {
      const { data, pagination } = await api.get<UserCommentsPage>('/comments/user/me', { page, pageSize: USER_COMMENTS_PAGE_SIZE });
      return { items: data, ...pagination };
    },
    enabled: !!user,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** A member's public page (GET /members/{username}, docs/notes/community.md). */
export const memberKeys = {
  profile: (username: string) => ['members', username.toLowerCase()] as const,
};

export function useMemberProfile(username: string) {
  return useQuery({
    queryKey: memberKeys.profile(username),
    queryFn: ({ signal }) => api.get<MemberProfile>(`/members/${encodeURIComponent(username)}`, undefined, signal),
    enabled: username !== '',
    retry: false,
  });
}
