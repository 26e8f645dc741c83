import { X } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';

// The pieces the site's dialogs share, in one module (one chunk for the pages that load them).

interface CloseButtonProps {
  /** What the button does, for screen readers ("Close", "Dismiss error"): it shows only a cross. */
  label: string;
  onClick: () => void;
  /** Colours, padding, focus ring and placement, as the surrounding panel wants them. */
  className: string;
  /** The cross at 16 px instead of 20 px, for a banner or a line of text. */
  small?: boolean;
  disabled?: boolean;
}

/** The cross button that closes a dialog, dismisses a banner or clears a choice. */
export function CloseButton({ label, onClick, className, small = false, disabled }: CloseButtonProps) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={label} className={className}>
      <X className={small ? 'h-4 w-4' : 'h-5 w-5'} aria-hidden="true" />
    </button>
  );
}

interface NativeModalProps extends Omit<HTMLAttributes<HTMLDialogElement>, 'onClose' | 'onClick'> {
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal native <dialog>, open while it is mounted: showModal() keeps focus inside and the page behind inert, Escape
 * closes it (the browser's cancel), so does a click on the dimmed backdrop, and focus goes back to the opener when it
 * unmounts. No library, for the light dialogs of the public pages (the sign-in prompt, the phone's filter sheet).
 */
export function NativeModal({ onClose, children, ...attributes }: NativeModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      // Unmounted, the dialog has left the page (and the top layer) already; React's StrictMode rehearsal keeps it.
      if (!dialog?.isConnected && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape, which a modal <dialog> handles itself.
    <dialog
      ref={ref}
      {...attributes}
      onClose={onClose}
      // A click on the dimmed backdrop lands on the <dialog> itself (the panel fills it): close.
      onClick={(e) => e.target === ref.current && onClose()}
    >
      {children}
    </dialog>
  );
}

interface DialogButtonsProps {
  /** Spacing above the row. */
  className: string;
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** The confirm button's colours and focus ring colour (emerald to go ahead, red to delete). */
  confirmClass: string;
  /** Unset, the confirm button submits the dialog's form. */
  onConfirm?: () => void;
  /** While the action runs: both buttons off, so it cannot be sent twice nor left half done. */
  busy: boolean;
}

/** A dialog's closing row: Cancel, then the action; side by side on the right, stacked with the action on top on a phone. */
export function DialogButtons({ className, cancelLabel, onCancel, confirmLabel, confirmClass, onConfirm, busy }: DialogButtonsProps) {
  return (
    <div className={`${className} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}>
      <button
        type="button"
        onClick={onCancel}
        disabled={busy}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-50"
      >
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        disabled={busy}
        className={`rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:opacity-60 ${confirmClass}`}
      >
        {confirmLabel}
      </button>
    </div>
  );
}
