import type { LucideIcon } from 'lucide-react';
import type { AriaRole, ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { Link } from './Link';

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

const FIRST_LINK = 'rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800';
const OTHER_LINK = 'rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50';

/** A message page's ways on (`actions`), side by side: the first stands out, any other is plain. */
export function MessageLinks({ links, className = 'mt-8' }: { links: Array<[to: string, label: string]>; className?: string }) {
  return (
    <div className={`${className} flex justify-center gap-3`}>
      {links.map(([to, label], i) => (
        <Link key={to} to={to} className={i === 0 ? FIRST_LINK : OTHER_LINK}>
          {label}
        </Link>
      ))}
    </div>
  );
}

/** A page whose subject does not exist (a member, a shop): what, why, and the one way on. */
export function MissingPage({ icon: Icon, title, way, children }: { icon: LucideIcon; title: string; way: [to: string, label: string]; children: ReactNode }) {
  return (
    <MessagePage
      top={<Icon className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />}
      title={title}
      actions={<MessageLinks links={[way]} className="mt-6" />}
    >
      {children}
    </MessagePage>
  );
}

/** A page whose subject could not be loaded: the server's reason when it gave one. */
export function LoadFailedPage({ title, error }: { title: string; error: unknown }) {
  return (
    <MessagePage top={null} title={title} role="alert">
      <p>{errorMessage(error, 'Please try again.')}</p>
    </MessagePage>
  );
}

interface ActionButtonProps {
  onClick: () => void;
  /** While the request runs: off, and saying so, so it is not sent twice. */
  busy: boolean;
  busyLabel: string;
  /** Size and placement. */
  layout: string;
  children: ReactNode;
}

/** The one emerald action of a message page (resend the mail, stop an alert). */
export function ActionButton({ onClick, busy, busyLabel, layout, children }: ActionButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`${layout} rounded-lg bg-emerald-700 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** A list that could not be loaded: what, the server's reason when it gave one, and a way to ask again. */
export function LoadError({ title, error, onRetry, className }: { title: string; error: unknown; onRetry: () => void; className: string }) {
  return (
    <div role="alert" className={`${className} rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{errorMessage(error, 'Please try again.')}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
        Try again
      </button>
    </div>
  );
}
