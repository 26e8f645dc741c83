import { type RefObject, useEffect } from 'react';

/**
 * While `active`, calls `onOutside` when a pointer goes down outside the element (a popup or menu closing on a click
 * elsewhere: DropdownMenu, browse's FilterPopup).
 */
export function usePointerDownOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref, active, onOutside]);
}
