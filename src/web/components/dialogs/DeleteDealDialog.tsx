import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

interface Props {
  open: boolean;
  /** The owner's list says 'Delete deal'; everywhere else it is 'Delete Deal'. */
  title?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** The question asked before one deal is deleted, wherever it is deleted from. */
export function DeleteDealDialog({ open, title = 'Delete Deal', busy, onConfirm, onClose, children }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message="Are you sure you want to delete this deal? This action cannot be undone."
      busy={busy}
      busyLabel="Deleting..."
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
