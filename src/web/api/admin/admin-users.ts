import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletedReply, AdminAccountDeleteInput, DataExport } from '../../../shared/schemas/members/account';
import type { AdminUser, AdminUserPage, AdminUsersQuery } from '../../../shared/schemas/admin/admin-users';
import type { Role } from '../../../shared/schemas/members/users';
import { toast } from '../../lib/toast/toast';
import { accountKeys } from '../members/account';
import { adminKeys } from './admin';
import { api, errorMessage } from '../client';

/** The admin Users list (SPEC §7: data.users and totalCount), the role change, and a member's export and deletion. */

export const fetchAdminUsers = (p: AdminUsersQuery) => api.get<AdminUserPage>('/admin/users', { ...p, search: p.search?.trim() || undefined });

export const useAdminUsers = (params: AdminUsersQuery) =>
  useQuery({ queryKey: adminKeys.users(params), queryFn: () => fetchAdminUsers(params), placeholderData: keepPreviousData, staleTime: 0 });

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ user, role }: { user: AdminUser; role: Role }) => api.put<AdminUser>(`/admin/users/${user.id}/role`, { role }),
    onSuccess: (_reply, { user, role }) => {
      toast.success(`${user.username} is now ${role === 'user' ? 'a member' : `a ${role}`}`);
      return qc.invalidateQueries({ queryKey: adminKeys.usersRoot });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update role')),
  });
}

/**
 * An administrator's export of a member (docs/notes/data-rights.md): the archive is the administrator's, listed and
 * downloaded under "Your data" in their own profile once ready (they get the mail, not the member).
 */
export function useAdminExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUser) => api.post<DataExport>(`/admin/users/${user.id}/export`),
    onSettled: () => qc.invalidateQueries({ queryKey: accountKeys.exports }),
  });
}

/** Deletes (anonymises) a member's account with a reason for the team's moderation log; staff are demoted first. */
export function useAdminDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ user, ...input }: AdminAccountDeleteInput & { user: AdminUser }) => api.delete<AccountDeletedReply>(`/admin/users/${user.id}`, input),
    onSuccess: (_reply, { user }) => {
      toast.success(`The account of ${user.username} has been deleted`);
      return qc.invalidateQueries({ queryKey: adminKeys.usersRoot });
    },
  });
}
