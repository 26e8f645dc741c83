import { type KeyboardEvent, type MouseEvent, type ReactNode, createContext, useContext, useEffect, useRef, useState } from 'react';
import { Link, type LinkProps } from '../Link';
import { usePopup } from '../../lib/usePopup';

/**
 * A menu button (WAI-ARIA menu button pattern) small enough for the entry chunk, where Headless UI's Menu would pull in
 * ~25 KB gzip of Headless UI, react-aria and floating-ui. Enter, Space and ArrowDown open it on the first item, ArrowUp on
 * the last; arrows, Home/End and the first letter move between items; Escape closes and returns focus to the button;
 * Tab and a click outside close it.
 */
const CloseContext = createContext<() => void>(() => {});

interface Props {
  /** Content of the button (its accessible name comes from it). */
  label: ReactNode;
  buttonClassName?: string;
  menuClassName?: string;
  children: ReactNode;
}

const itemsOf = (menu: HTMLElement | null) => (menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : []);

export function DropdownMenu({ label, buttonClassName, menuClassName, children }: Props) {
  const { open, setOpen, rootRef, buttonRef, id, close, closeToButton } = usePopup();
  /** Where focus goes once the menu has rendered: an item index (-1 = last) or the menu itself (pointer opening). */
  const [initialFocus, setInitialFocus] = useState<number | 'menu'>('menu');
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;

  useEffect(() => {
    if (!open) return;
    if (initialFocus === 'menu') menuRef.current?.focus();
    else {
      const items = itemsOf(menuRef.current);
      items.at(initialFocus)?.focus();
    }
  }, [open, initialFocus]);

  const openAt = (focus: number | 'menu') => {
    setInitialFocus(focus);
    setOpen(true);
  };

  const onButtonClick = (e: MouseEvent) => {
    if (open) close();
    // A keyboard "click" (Enter/Space) has detail 0: start on the first item, as the pattern asks.
    else openAt(e.detail === 0 ? 0 : 'menu');
  };

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowDown' ? 0 : -1);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const items = itemsOf(menuRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        focusAt(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        e.preventDefault();
        focusAt(0);
        break;
      case 'End':
        e.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        e.preventDefault();
        closeToButton();
        break;
      case 'Tab':
        close();
        break;
      default:
        if (e.key.length === 1 && /\S/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
          const letter = e.key.toLowerCase();
          const order = [...items.slice(current + 1), ...items.slice(0, current + 1)];
          order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
        }
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        className={buttonClassName}
      >
        {label}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} tabIndex={-1} onKeyDown={onMenuKeyDown} className={menuClassName}>
          <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
        </div>
      )}
    </div>
  );
}

const ITEM = 'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

export function MenuLink({ children, className = ITEM, onClick, ...props }: LinkProps) {
  const close = useContext(CloseContext);
  return (
    <Link
      {...props}
      role="menuitem"
      tabIndex={-1}
      className={className}
      onClick={(e) => {
        onClick?.(e);
        close();
      }}
    >
      {children}
    </Link>
  );
}

export function MenuAction({ children, onSelect, className = ITEM }: { children: ReactNode; onSelect: () => void; className?: string }) {
  const close = useContext(CloseContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}
