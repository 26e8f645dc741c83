import type { DataExport } from '../../../../shared/schemas/members/account';
import type { AdminUser } from '../../../../shared/schemas/admin/admin-users';
import { isDeletedUsername } from '../../../../shared/domain/members/deleted-member';
import { downloadExport, useExports } from '../../../api/members/account';
import { useAdminExport } from '../../../api/admin/admin-users';
import { errorMessage } from '../../../api/client';
import { toast } from '../../../lib/toast/toast';

/** Row-sized buttons (the shared ones are form-sized): visible focus rings as everywhere in the admin. */
const small =
  'inline-flex items-center whitespace-nowrap rounded-md px-2.5 py-1 text-xs font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50';
const exportBtn = `${small} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-emerald-500`;
const deleteBtn = `${small} border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-500`;

/** The newest export this administrator asked for of this member (their own list, newest first). */
const latestOf = (exports: DataExport[] | undefined, userId: number) => exports?.find((e) => e.member.id === userId);

/**
 * A row's data-rights actions (docs/notes/data-rights.md). An administrator's export is theirs: built in the
 * background, then downloadable here (and under "Your data" in their profile) for 48 hours; the mail goes to them, not
 * the member.
 */
export function UserDataActions({ user, onDelete }: { user: AdminUser; onDelete: (user: AdminUser) => void }) {
  const exports = useExports();
  const start = useAdminExport();
  if (isDeletedUsername(user.username)) return <span className="text-xs text-slate-500">Deleted</span>;
  const latest = latestOf(exports.data?.exports, user.id);
  const building = latest?.status === 'queued' || latest?.status === 'running';
  const requestExport = () =>
    start.mutate(user, {
      onSuccess: () => toast.success(`The archive of ${user.username} is being built; it appears here and under Your data in your profile`),
      onError: (err) => toast.error(errorMessage(err, 'The export could not be started')),
    });
  return (
    <div className="flex flex-col items-start gap-1.5">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={exportBtn} onClick={requestExport} disabled={start.isPending || building}>
          Export data
        </button>
        <button type="button" className={deleteBtn} onClick={() => onDelete(user)}>
          Delete account
        </button>
      </div>
      {latest && (
        <p className="text-xs text-slate-600" data-testid="user-export-status" aria-live="polite">
          {building && 'Export being built; you get an email when it is ready.'}
          {latest.status === 'ready' && (
            <button
              type="button"
              className="font-semibold text-emerald-700 underline hover:text-emerald-800"
              onClick={() => downloadExport(latest.id).catch((err) => toast.error(errorMessage(err, 'The download failed. Please try again.')))}
            >
              Download export (yours for 48 hours)
            </button>
          )}
          {latest.status === 'failed' && 'The last export failed; try again.'}
          {latest.status === 'expired' && 'The last export has expired.'}
        </p>
      )}
    </div>
  );
}
