import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPage, AdminUsersQuery } from '../../shared/schemas/admin-users';
import type { Role } from '../../shared/schemas/users';
import { toast } from '../lib/toast';
import { adminKeys } from './admin';
import { api, errorMessage } from './client';

/** The admin Users list (SPEC §7: data.users and totalCount) and the role change. */

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
