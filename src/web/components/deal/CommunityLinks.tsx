import type { ReactNode } from 'react';
import { Link } from '../Link';

/** The shop's page (docs/notes/web-everyday.md): every store name on cards and deal pages leads to /stores/{id}. */
export function StoreLink({ storeId, children, className = '' }: { storeId: number; children: ReactNode; className?: string }) {
  return (
    <Link
      to={`/stores/${storeId}`}
      className={`relative z-10 rounded hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 ${className}`}
    >
      {children}
    </Link>
  );
}

export const memberHref = (username: string) => `/members/${encodeURIComponent(username)}`;

/** A member's public page (docs/notes/web-everyday.md): usernames on cards, deal pages and comments lead to /members/{username}. */
export function MemberLink({ username, children, className = '' }: { username: string; children?: ReactNode; className?: string }) {
  // "deleted member" (shared/domain/members/deleted-member.ts) has no page; real usernames never hold a space.
  if (username.includes(' ')) return <span className={className}>{children ?? username}</span>;
  return (
    <Link
      to={memberHref(username)}
      className={`relative z-10 rounded hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 ${className}`}
    >
      {children ?? username}
    </Link>
  );
}
