import type { ComponentType } from 'react';
import { Link } from '../../../components/Link';

export interface ScreenLink {
  label: string;
  text: string;
  to: string;
  icon: ComponentType<{ className?: string }>;
}

/** Cards that open back-office screens: the admin dashboard's shortcuts and a moderator's home. */
export function ScreenLinks({ screens, label, className }: { screens: ScreenLink[]; label?: string; className: string }) {
  return (
    <ul className={`grid gap-4 ${className}`} aria-label={label}>
      {screens.map(({ label, text, to, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-emerald-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-100 text-emerald-700">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
