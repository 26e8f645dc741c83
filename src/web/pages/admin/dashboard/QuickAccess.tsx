import { Bot, FolderTree, List, Store, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from '../../../components/Link';

const QUICK: Array<{ label: string; text: string; to: string; icon: ComponentType<{ className?: string }> }> = [
  { label: 'Categories', text: 'Add, rename and remove deal categories.', to: '/admin/categories', icon: FolderTree },
  { label: 'Stores', text: 'Manage merchants and their logos.', to: '/admin/stores', icon: Store },
  { label: 'Deals', text: 'Review pending deals, edit and activate.', to: '/admin/deals', icon: List },
  { label: 'Users', text: 'See members and change their roles.', to: '/admin/users', icon: Users },
  { label: 'Scrapers', text: 'Import deals from the deals website.', to: '/admin/scrapers', icon: Bot },
];

/** Shortcuts to every admin screen. */
export function QuickAccess() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {QUICK.map(({ label, text, to, icon: Icon }) => (
        <li key={label}>
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
