import type { ReactNode } from 'react';
import { DropdownMenu, MenuAction, MenuLink } from '../../components/menus/DropdownMenu';
import { ACCOUNT_LINKS } from './nav-links';

/**
 * The signed-in member's account menu in the header. Its own chunk (docs/notes/web-performance.md): a visitor never loads it, and a member's
 * header shows the same button (Header.tsx's fallback) until it arrives.
 */
export default function HeaderAccountMenu({ label, buttonClassName, onSignOut }: { label: ReactNode; buttonClassName: string; onSignOut: () => void }) {
  return (
    <DropdownMenu
      label={label}
      buttonClassName={buttonClassName}
      menuClassName="absolute right-0 top-full z-50 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
    >
      {ACCOUNT_LINKS.map(([text, to]) => (
        <MenuLink key={to} to={to}>
          {text}
        </MenuLink>
      ))}
      <MenuLink to="/following">Following</MenuLink>
      <MenuAction onSelect={onSignOut}>Sign out</MenuAction>
    </DropdownMenu>
  );
}
