import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { AdminUser } from '../../../../shared/api';
import { ROLES, type Role } from '../../../../shared/schemas/users';
import { useAdminUsers, useChangeRole } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import { Avatar } from '../../../components/Avatar';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../components/PageHeader';
import { btnSecondary, inputClass } from '../components/buttons';
import { formatDate, listError } from '../components/format';

export const USERS_PAGE_SIZE = 20;
/** SPEC §6/§9: the two fixed administrator accounts. */
export const FIXED_ADMIN_IDS = [1, 2];

const ROLE_BADGE: Record<string, string> = {
  admin: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  moderator: 'bg-sky-100 text-sky-800 ring-sky-600/20',
};
const roleBadge = (role: string) => ROLE_BADGE[role] ?? 'bg-slate-100 text-slate-700 ring-slate-500/20';

export default function UsersPage() {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const { data, isPending, isError, error, isFetching } = useAdminUsers({ page, limit: USERS_PAGE_SIZE, search, sortBy: 'id', sortOrder: 'asc' });
  const totalPages = Math.max(1, Math.ceil((data?.totalCount ?? 0) / USERS_PAGE_SIZE));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchText.trim());
    setPage(1);
  };

  return (
    <div>
      <PageHeader title="Users" subtitle="Everyone with an account, their role and whether they can reach this area." />
      <form role="search" onSubmit={submit} className="mb-4 flex gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search users
        </label>
        <div className="relative flex-1 sm:max-w-sm">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input id="user-search" type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Search by username or email..." className={`${inputClass} pl-9`} />
        </div>
        <button type="submit" className={btnSecondary}>
          Search
        </button>
      </form>
      {isPending ? (
        <Spinner label="Loading users" />
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <strong className="font-semibold">Error:</strong> {listError(error, 'Failed to fetch users', 'An error occurred while fetching users')}
        </div>
      ) : (
        <>
          <div className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${isFetching ? 'opacity-70' : ''}`}>
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3">ID</th>
                    <th scope="col" className="px-4 py-3">Username</th>
                    <th scope="col" className="px-4 py-3">Email</th>
                    <th scope="col" className="px-4 py-3">Role</th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3">Created At</th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3">Admin Access</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.users.length === 0 ? (
                    <tr>
                      <td colSpan={6} className="p-10 text-center text-slate-500">
                        No users found
                      </td>
                    </tr>
                  ) : (
                    data.users.map((u) => <UserRow key={u.id} user={u} />)
                  )}
                </tbody>
              </table>
            </div>
          </div>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Users pages" />
        </>
      )}
    </div>
  );
}

/**
 * Admin access belongs to the two fixed accounts only (SPEC §6), so the control offers member and moderator; an
 * account that somehow holds another role still shows it so the select never lies.
 */
function roleOptions(user: AdminUser): readonly Role[] {
  if (FIXED_ADMIN_IDS.includes(user.id)) return ['admin'];
  const offered: Role[] = ['user', 'moderator'];
  return offered.includes(user.role) ? offered : ROLES.filter((r) => r === user.role || offered.includes(r));
}

function UserRow({ user }: { user: AdminUser }) {
  const changeRole = useChangeRole();
  const fixed = FIXED_ADMIN_IDS.includes(user.id);
  const onRole = (role: Role) =>
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast.success(`${user.username} is now ${role === 'user' ? 'a member' : `a ${role}`}`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to update role')),
      },
    );
  return (
    <tr className="hover:bg-slate-50" data-testid="user-row">
      <td className="px-4 py-3 tabular-nums text-slate-600">{user.id}</td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <Avatar user={user} size={32} />
          <span className="font-medium text-slate-900">{user.username}</span>
        </div>
      </td>
      <td className="max-w-[16rem] truncate px-4 py-3 text-slate-600" title={user.email}>
        {user.email}
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-2">
          <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${roleBadge(user.role)}`}>{user.role}</span>
          <label htmlFor={`role-${user.id}`} className="sr-only">
            Role of {user.username}
          </label>
          <select
            id={`role-${user.id}`}
            value={user.role}
            disabled={fixed || changeRole.isPending}
            title={fixed ? 'The two site administrators always keep the admin role' : undefined}
            onChange={(e) => onRole(e.target.value as Role)}
            className="rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-xs text-slate-700 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200 disabled:bg-slate-100 disabled:text-slate-400"
          >
            {roleOptions(user).map((r) => (
              <option key={r} value={r}>
                {r.charAt(0).toUpperCase() + r.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDate(user.createdAt)}</td>
      <td className="px-4 py-3">
        {fixed ? <span className="font-semibold text-emerald-700">Yes</span> : <span className="text-slate-500">No</span>}
      </td>
    </tr>
  );
}
