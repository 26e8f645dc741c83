import { DialogTitle } from '@headlessui/react';
import { DialogFrame } from '../../../components/dialogs/DialogFrame';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** A form dialog (Headless UI: focus trapped, Escape closes unless busy, focus returns to the opener). */
export function Modal({
  open,
  title,
  onClose,
  busy = false,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFrame open={open} onClose={busy ? () => {} : onClose} panelClassName="max-w-lg">
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          aria-label="Close"
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-40"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <div className="px-6 py-5">{children}</div>
    </DialogFrame>
  );
}
