import type { AdminUser } from '../../../../shared/schemas/admin/admin-users';
import { ROLES, type Role } from '../../../../shared/schemas/members/users';
import { isSeededAdmin, mayHoldRole } from '../../../../shared/domain/access/permissions';
import { capitalise } from '../../../../shared/domain/deals/deal-status';
import { useChangeRole } from '../../../api/admin/admin-users';
import { Avatar } from '../../../components/Avatar';
import { formatDate } from '../components/format';
import { UserDataActions } from './UserDataActions';

const ROLE_BADGE: Record<string, string> = {
  admin: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  moderator: 'bg-sky-100 text-sky-800 ring-sky-600/20',
};
const roleBadge = (role: string) => ROLE_BADGE[role] ?? 'bg-slate-100 text-slate-700 ring-slate-500/20';

/**
 * The roles the server accepts for the account (mayHoldRole: the two seeded administrators only ever admin). This
 * screen keeps admin access with those two (SPEC §6, the Admin Access column), so it offers member and moderator to
 * everyone else; an account that holds admin all the same (given through the API) still shows it, so the select never
 * lies.
 */
function roleOptions(user: AdminUser): readonly Role[] {
  return ROLES.filter((r) => mayHoldRole(user.id, r) && (r !== 'admin' || isSeededAdmin(user.id) || r === user.role));
}

export function UserRow({ user, onDelete }: { user: AdminUser; onDelete: (user: AdminUser) => void }) {
  const changeRole = useChangeRole();
  const fixed = isSeededAdmin(user.id);
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
            onChange={(e) => changeRole.mutate({ user, role: e.target.value as Role })}
            className="rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-xs text-slate-700 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200 disabled:bg-slate-100 disabled:text-slate-400"
          >
            {roleOptions(user).map((r) => (
              <option key={r} value={r}>
                {capitalise(r)}
              </option>
            ))}
          </select>
        </div>
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDate(user.createdAt)}</td>
      <td className="px-4 py-3">{fixed ? <span className="font-semibold text-emerald-700">Yes</span> : <span className="text-slate-500">No</span>}</td>
      <td className="px-4 py-3">
        <UserDataActions user={user} onDelete={onDelete} />
      </td>
    </tr>
  );
}
