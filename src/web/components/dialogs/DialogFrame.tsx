import { Dialog, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  /** Escape and a click outside call this; pass a no-op to keep the dialog up (busy, or a batch running). */
  onClose: () => void;
  /** Width and padding of the panel. */
  panelClassName: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal over a dimmed page (Headless UI: focus trapped, Escape closes, focus returns to the opener), centred, and
 * scrolling as a whole when taller than the screen.
 */
export function DialogFrame({ open, onClose, panelClassName, testId, children }: Props) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50" data-testid={testId}>
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className={`w-full rounded-xl bg-white shadow-xl ${panelClassName}`}>{children}</DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
