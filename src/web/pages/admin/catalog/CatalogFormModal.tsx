import type { FormEventHandler, ReactNode } from 'react';
import { Modal } from '../components/Modal';
import { btnPrimary, btnSecondary } from '../components/buttons';

interface Props {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's fields. */
  children: ReactNode;
}

/** The add/edit dialog of a catalog list: its fields, then Cancel and the submit button (both held while saving). */
export function CatalogFormModal({ open, title, submitLabel, busy, onClose, onSubmit, children }: Props) {
  return (
    <Modal open={open} title={title} onClose={onClose} busy={busy}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={busy} className={btnSecondary}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={btnPrimary}>
            {busy ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
