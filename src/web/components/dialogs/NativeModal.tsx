import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react';

interface Props extends Omit<HTMLAttributes<HTMLDialogElement>, 'onClose' | 'onClick'> {
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal native <dialog>, open while it is mounted: showModal() keeps focus inside and the page behind inert, Escape
 * closes it (the browser's cancel), so does a click on the dimmed backdrop, and focus goes back to the opener when it
 * unmounts. No library, for the light dialogs of the public pages (the sign-in prompt, the phone's filter sheet).
 */
export function NativeModal({ onClose, children, ...attributes }: Props) {
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
