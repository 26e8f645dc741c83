import { type FormEvent, useState } from 'react';
import { useRequestEmailChange } from '../../api/members/account';
import { errorMessage } from '../../api/client';

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30';

/** Change of email: the password first; the new address takes effect once its mailed link is opened. */
export function ChangeEmail({ current }: { current: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useRequestEmailChange();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ newEmail, password }, { onSuccess: () => setPassword('') });
  };
  return (
    <section aria-labelledby="change-email" className="space-y-3">
      <h2 id="change-email" className="text-base font-semibold text-slate-900">
        Change email
      </h2>
      <p className="text-sm text-slate-600">
        Your email is <strong>{current}</strong>. We send a link to the new address; it changes when you open it, and we tell your current address.
      </p>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium text-slate-700">
          New email
          <input type="email" required autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} className={INPUT} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Current password
          <input type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={INPUT} />
        </label>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={change.isPending}
            className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700 disabled:opacity-60"
          >
            {change.isPending ? 'Sending...' : 'Send confirmation link'}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="text-sm">
        {change.isSuccess && <p className="text-emerald-700">{change.data.message}</p>}
        {change.isError && <p className="text-red-700">{errorMessage(change.error, 'Could not start the change. Please try again.')}</p>}
      </div>
    </section>
  );
}
