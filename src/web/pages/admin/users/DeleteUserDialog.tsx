import { type FormEvent, useId, useState } from 'react';
import { ADMIN_DELETE_REASON_REQUIRED } from '../../../../shared/schemas/members/account';
import type { AdminUser } from '../../../../shared/schemas/admin/admin-users';
import { useAdminDeleteUser } from '../../../api/admin/admin-users';
import { errorMessage } from '../../../api/client';
import { Modal } from '../components/Modal';
import { btnDanger, btnSecondary, inputClass, labelClass } from '../components/buttons';
import { FieldError } from '../components/form/FieldError';

/** The server's limit (adminAccountDeleteSchema). */
const REASON_MAX = 500;

/**
 * Deleting a member's account (docs/notes/data-rights.md): anonymised at once and for good, with a required reason kept
 * in the team's moderation log. The server refuses staff accounts (demote them first) and says so here.
 */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const remove = useAdminDeleteUser();
  const [reason, setReason] = useState('');
  const [removeComments, setRemoveComments] = useState(false);
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const close = () => {
    setReason('');
    setRemoveComments(false);
    setMissing(false);
    remove.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    if (!reason.trim()) return setMissing(true);
    remove.mutate({ user, reason: reason.trim(), removeComments }, { onSuccess: close });
  };
  const busy = remove.isPending;
  return (
    <Modal open={!!user} title={`Delete the account of ${user?.username ?? ''}`} onClose={close} busy={busy}>
      <form onSubmit={submit} noValidate>
        <p className="mb-4 text-sm text-slate-600">
          This cannot be undone. The account is anonymised at once: its profile, alerts, saved deals and pending deals go; its live deals and comments stay,
          shown as by "deleted member". Staff accounts must be demoted to member first.
        </p>
        <label htmlFor={reasonId} className={labelClass}>
          Reason <span className="font-normal text-slate-500">(required; kept in the team's moderation log)</span>
        </label>
        <textarea
          id={reasonId}
          value={reason}
          rows={3}
          maxLength={REASON_MAX}
          required
          aria-invalid={missing}
          aria-describedby={missing ? `${reasonId}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          placeholder="e.g. The member asked us by email to delete their account"
          className={`${inputClass} mt-1`}
        />
        <FieldError id={`${reasonId}-error`} message={missing ? ADMIN_DELETE_REASON_REQUIRED : undefined} />
        <label className="mt-4 flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={removeComments}
            onChange={(e) => setRemoveComments(e.target.checked)}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          Also remove the text of their comments
        </label>
        {remove.isError && (
          <p role="alert" data-testid="delete-user-error" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(remove.error, 'The account could not be deleted. Please try again.')}
          </p>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={btnSecondary} onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={btnDanger} disabled={busy}>
            {busy ? 'Deleting...' : 'Delete account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
