import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { useAddPasskey, usePasskeys, useReauthenticate, useReauthenticateWithPasskey, useRemovePasskey, useRenamePasskey } from '../../api/members/security';
import { formatShortDate } from '../../lib/dates/dates';
import { toast } from '../../lib/toast/toast';
import { ErrorText, Field, inputClass, PasswordField, primaryButton, Section, secondaryButton } from './ui';

/** "Confirm it is you" before a passkey is added or removed: the server asks for it (403) when the last proof is older than 5 minutes. */
const needsConfirmation = (err: unknown) => err instanceof ApiError && err.status === 403;

/** Passkeys: the list (rename, remove), adding one under a name, and the confirmation those changes need. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<null | (() => void)>(null);
  const list = passkeys.data?.passkeys ?? [];

  const attempt = (action: () => Promise<unknown>, done: string) => {
    action()
      .then(() => toast.success(done))
      .catch((err) => {
        if (needsConfirmation(err)) setConfirming(() => () => attempt(action, done));
        else if (!(err instanceof Error && err.name === 'NotAllowedError')) toast.error(errorMessage(err, 'That did not work. Please try again.'));
      });
  };

  return (
    <Section id="passkeys-heading" title="Passkeys" intro="Sign in with your fingerprint, face or device PIN instead of your password.">
      {confirming && (
        <ConfirmIdentity
          onConfirmed={() => {
            setConfirming(null);
            confirming();
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {list.length > 0 && (
        <ul aria-label="Your passkeys" className="mb-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRemove={() => attempt(() => remove.mutateAsync(p.id), 'Passkey removed.')} />
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const chosen = name.trim() || 'My passkey';
          attempt(() => add.mutateAsync(chosen).then(() => setName('')), 'Passkey added.');
        }}
      >
        <Field
          id="passkey-name"
          label="Name for a new passkey"
          placeholder="e.g. My laptop"
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={primaryButton} disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
        </button>
      </form>
    </Section>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: { id: number; name: string; createdAt: string; lastUsedAt: string | null }; onRemove: () => void }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
      {editing ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate(
              { id: passkey.id, name },
              { onSuccess: () => setEditing(false), onError: (err) => toast.error(errorMessage(err, 'Could not rename it')) },
            );
          }}
        >
          <label className="sr-only" htmlFor={`rename-${passkey.id}`}>
            New name for {passkey.name}
          </label>
          <input id={`rename-${passkey.id}`} className={inputClass} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className={secondaryButton}>
            Save
          </button>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">{passkey.name}</p>
          <p className="text-xs text-slate-600">
            Added {formatShortDate(new Date(passkey.createdAt))} ·{' '}
            {passkey.lastUsedAt ? `last used ${formatShortDate(new Date(passkey.lastUsedAt))}` : 'not used yet'}
          </p>
        </div>
      )}
      <div className="flex gap-2">
        {!editing && (
          <button type="button" className={secondaryButton} aria-label={`Rename ${passkey.name}`} onClick={() => setEditing(true)}>
            Rename
          </button>
        )}
        <button type="button" className={secondaryButton} aria-label={`Remove ${passkey.name}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}

function ConfirmIdentity({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const withPassword = useReauthenticate();
  const withPasskey = useReauthenticateWithPasskey();
  const [password, setPassword] = useState('');
  const error = withPassword.error ?? withPasskey.error;
  return (
    <fieldset className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Confirm it is you</legend>
      <p className="mt-1 text-sm text-slate-600">Enter your password (or use a passkey) to change your passkeys.</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          withPassword.mutate(password, { onSuccess: onConfirmed });
        }}
      >
        <PasswordField id="confirm-password" label="Password" value={password} onChange={setPassword} />
        <button type="submit" className={primaryButton} disabled={withPassword.isPending}>
          Confirm
        </button>
        <button type="button" className={secondaryButton} onClick={() => withPasskey.mutate(undefined, { onSuccess: onConfirmed })}>
          Use a passkey
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </form>
      {error && <ErrorText>{errorMessage(error, 'That did not confirm it. Please try again.')}</ErrorText>}
    </fieldset>
  );
}
