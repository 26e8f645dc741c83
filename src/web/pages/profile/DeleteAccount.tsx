import { type FormEvent, useState } from 'react';
import { useDeleteAccount } from '../../api/members/account';
import { errorMessage } from '../../api/client';
import { useSignOutHome } from '../../app/auth/useSignOutHome';
import { toast } from '../../lib/toast/toast';

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-500 focus:outline-none focus:ring-2 focus:ring-red-500/30';

/** "Delete my account": the password and the username typed as it is; for good, at once. */
export function DeleteAccount({ username }: { username: string }) {
  const [password, setPassword] = useState('');
  const [confirmUsername, setConfirmUsername] = useState('');
  const [removeComments, setRemoveComments] = useState(false);
  const remove = useDeleteAccount();
  const signOutHome = useSignOutHome();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.mutate(
      { password, confirmUsername, removeComments },
      {
        onSuccess: (reply) => {
          signOutHome({ replace: true });
          toast.success(reply.message);
        },
      },
    );
  };
  return (
    <section aria-labelledby="delete-account" className="space-y-3 rounded-lg border border-red-200 p-4">
      <h2 id="delete-account" className="text-base font-semibold text-red-800">
        Delete my account
      </h2>
      <p className="text-sm text-slate-700">
        This cannot be undone. Your profile, alerts, saved deals, push devices and pending deals are removed at once; your live deals and comments stay, shown
        as by "deleted member"; your votes stay counted.
      </p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium text-slate-700">
          Type your username (<span className="font-mono">{username}</span>) to confirm
          <input required autoComplete="off" value={confirmUsername} onChange={(e) => setConfirmUsername(e.target.value)} className={INPUT} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Password
          <input type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={INPUT} />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
          <input type="checkbox" checked={removeComments} onChange={(e) => setRemoveComments(e.target.checked)} className="h-4 w-4" />
          Also remove my comments' text
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={remove.isPending || confirmUsername.trim() !== username}
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="text-sm">
        {remove.isError && <p className="text-red-700">{errorMessage(remove.error, 'Could not delete the account. Please try again.')}</p>}
      </div>
    </section>
  );
}
