import { DialogTitle, Description } from '@headlessui/react';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';
import { DialogButtons } from './DialogParts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs; both buttons are disabled meanwhile. */
  busyLabel?: string;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** A modal yes/no question (Headless UI: focus trapped, Escape closes, focus returns to the opener). */
export default function ConfirmDialogPanel({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const confirmClass =
    tone === 'danger'
      ? 'bg-red-600 text-white hover:bg-red-700 focus-visible:ring-red-500'
      : 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-500';
  return (
    <DialogFrame open={open} onClose={busy ? () => {} : onClose} panelClassName="max-w-md p-6">
      <div className="flex gap-4">
        {tone === 'danger' && (
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-100">
            <AlertTriangle className="h-5 w-5 text-red-600" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-sm text-slate-600">
            {message}
          </Description>
          {children}
        </div>
      </div>
      <DialogButtons
        className="mt-6"
        cancelLabel={cancelLabel}
        onCancel={onClose}
        confirmLabel={busy && busyLabel ? busyLabel : confirmLabel}
        confirmClass={confirmClass}
        onConfirm={onConfirm}
        busy={busy}
      />
    </DialogFrame>
  );
}
