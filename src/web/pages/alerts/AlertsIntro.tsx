import { BellOff, Filter, Mail, Rss } from 'lucide-react';
import { Link } from '../../components/Link';
import { MAX_ALERTS } from '../../../shared/schemas/members/alerts';
import { BrowseSearchForm } from '../../components/SearchForm';

const POINTS = [
  {
    icon: Filter,
    title: 'Your words, your filters',
    text: 'Keywords like "air fryer" or "lego", optionally narrowed to a category, a store, a top price or a temperature.',
  },
  { icon: Mail, title: 'Instant or daily', text: 'An email as soon as a matching deal goes live, or one digest a day with all the new matches.' },
  { icon: Rss, title: 'A private RSS feed', text: 'Every alert has its own feed of the deals it matched, for your favourite reader.' },
  { icon: BellOff, title: 'Stop any time', text: 'Every email has a one-click unsubscribe link; pause, edit or delete alerts here.' },
];

/** What visitors see on /alerts: what alerts do, and the way in (sign in comes back here, prefill kept). */
export function AlertsIntro({ search }: { search: string }) {
  const from = `/alerts${search}`;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 className="text-lg font-semibold text-slate-900">How alerts work</h2>
        <ul className="mt-4 grid gap-5 sm:grid-cols-2">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-50">
                <Icon className="h-5 w-5 text-emerald-700" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-5 text-sm text-slate-500">Free for members, up to {MAX_ALERTS} alerts each.</p>
      </div>

      <div className="space-y-6">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Sign in to set up alerts</h2>
          <p className="mt-1 text-sm text-slate-700">Alerts belong to your account, so we know where to send them.</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Link
              to="/login"
              state={{ from }}
              className="inline-flex flex-1 items-center justify-center rounded-lg bg-emerald-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
            >
              Sign in to create an alert
            </Link>
            <Link
              to="/register"
              className="inline-flex flex-1 items-center justify-center rounded-lg border border-emerald-700 bg-white px-5 py-2.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            >
              Create a free account
            </Link>
          </div>
        </div>

        <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <h2 className="text-base font-semibold text-slate-900">Meanwhile, search today's deals</h2>
          <BrowseSearchForm
            id="alerts-search"
            placeholder="e.g. air fryer, Lego, PS5"
            className="mt-3 flex flex-col gap-2 sm:flex-row"
            fieldClassName="flex-1"
            inputClassName="w-full rounded-lg border border-slate-300 py-2.5 pl-9 pr-3 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
          >
            <button
              type="submit"
              className="rounded-lg bg-slate-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
            >
              Search deals
            </button>
          </BrowseSearchForm>
        </div>
      </div>
    </div>
  );
}
