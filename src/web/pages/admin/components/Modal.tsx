import { DialogTitle } from '@headlessui/react';
import { DialogFrame } from '../../../components/dialogs/DialogFrame';
import type { ReactNode } from 'react';
import { CloseButton } from '../../../components/dialogs/DialogParts';

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
        <CloseButton
          label="Close"
          onClick={onClose}
          disabled={busy}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-40"
        />
      </div>
      <div className="px-6 py-5">{children}</div>
    </DialogFrame>
  );
}
