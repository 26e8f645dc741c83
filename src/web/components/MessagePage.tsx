import type { AriaRole, ReactNode } from 'react';

interface Props {
  /** Above the title: an icon or a large status. */
  top: ReactNode;
  title: string;
  children: ReactNode;
  /** The ways on from here. */
  actions?: ReactNode;
  role?: AriaRole;
  className?: string;
}

/** A whole page that only says something (not found, not allowed, done) and offers where to go next. */
export function MessagePage({ top, title, children, actions, role, className = 'py-20' }: Props) {
  return (
    <section className={`mx-auto max-w-xl px-4 text-center ${className}`} role={role}>
      {top}
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-2 text-slate-600">{children}</div>
      {actions}
    </section>
  );
}
