import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A popup's state, shared by the menus and panels that open below a button (DropdownMenu, the notification bell,
 * browse's FilterPopup): whether it is open, the wrapper's and the button's refs, an id for ARIA, `close()` and
 * `closeToButton()` (Escape: focus goes back to the button). A pointer going down outside the wrapper closes it without
 * moving focus. Small on purpose: DropdownMenu is in the entry chunk.
 */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);
  const closeToButton = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  return { open, setOpen, rootRef, buttonRef, id, close, closeToButton };
}
