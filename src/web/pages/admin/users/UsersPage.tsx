import { useState } from 'react';
import type { AdminUser } from '../../../../shared/schemas/admin/admin-users';
import { useAdminUsers } from '../../../api/admin/admin-users';
import { Pagination } from '../../../components/menus/Pagination';
import { Spinner } from '../../../components/Spinner';
import { AdminSearch } from '../components/AdminSearch';
import { PageHeader } from '../components/PageHeader';
import { Table } from '../components/Table';
import { listError } from '../components/format';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserRow } from './UserRow';

export const USERS_PAGE_SIZE = 20;

const COLUMNS = [
  { label: 'ID' },
  { label: 'Username' },
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Created At', className: 'whitespace-nowrap' },
  { label: 'Admin Access', className: 'whitespace-nowrap' },
  { label: 'Data' },
];

export default function UsersPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const { data, isPending, isError, error, isFetching } = useAdminUsers({ page, limit: USERS_PAGE_SIZE, search, sortBy: 'id', sortOrder: 'asc' });
  const totalPages = Math.max(1, Math.ceil((data?.totalCount ?? 0) / USERS_PAGE_SIZE));

  const submit = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  return (
    <div>
      <PageHeader title="Users" subtitle="Everyone with an account, their role and whether they can reach this area; export or delete a member's data." />
      <AdminSearch
        id="user-search"
        label="Search users"
        placeholder="Search by username or email..."
        value={search}
        onSearch={submit}
        className="mb-4 flex gap-2"
        fieldClassName="flex-1 sm:max-w-sm"
      />
      {isPending ? (
        <Spinner label="Loading users" />
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <strong className="font-semibold">Error:</strong> {listError(error, 'Failed to fetch users', 'An error occurred while fetching users')}
        </div>
      ) : (
        <>
          <div className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${isFetching ? 'opacity-70' : ''}`}>
            <Table columns={COLUMNS}>
              {data.users.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length} className="p-10 text-center text-slate-500">
                    No users found
                  </td>
                </tr>
              ) : (
                data.users.map((u) => <UserRow key={u.id} user={u} onDelete={setDeleting} />)
              )}
            </Table>
          </div>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Users pages" />
        </>
      )}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
