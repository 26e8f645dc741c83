import { useId, useState } from 'react';
import { useTwoFactorLogin } from '../../app/auth/session';
import { errorMessage } from '../../api/client';
import { toast } from '../../lib/toast/toast';
import { FormAlert } from './AuthCard';

/**
 * Sign-in's second step (docs/notes/account-security.md): a 6-digit code from the authenticator app, or one of the
 * recovery codes. The step token lasts 5 minutes; past it, or after `onRestart`, the member signs in again.
 */
export function TwoFactorStep({ stepToken, onRestart }: { stepToken: string; onRestart: () => void }) {
  const complete = useTwoFactorLogin();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const label = useRecovery ? 'Recovery code' : 'Authentication code';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered) {
      setError(useRecovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await complete(useRecovery ? { stepToken, recoveryCode: entered } : { stepToken, code: entered });
      toast.success('Logged in successfully.');
    } catch (err) {
      setError(errorMessage(err, 'That code is not valid. Please try again.'));
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="two-factor-step">
      <h2 className="text-lg font-semibold text-slate-900">Two-factor authentication</h2>
      <p className="mt-1 text-sm text-slate-600">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor on. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code for QuidsIn.'}
      </p>
      {error && (
        <div className="mt-4">
          <FormAlert testId="two-factor-error">{error}</FormAlert>
        </div>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-3">
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {label}
          </label>
          <input
            id={inputId}
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, reached right after the password
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={useRecovery ? 40 : 12}
            aria-invalid={error ? true : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base tracking-widest text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60"
        >
          {busy ? 'Checking...' : 'Verify'}
        </button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => {
            setUseRecovery((r) => !r);
            setValue('');
            setError(null);
          }}
          className="font-medium text-emerald-700 hover:underline"
        >
          {useRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" onClick={onRestart} className="font-medium text-slate-600 hover:underline">
          Start again
        </button>
      </div>
    </div>
  );
}
