import { BellRing, Flame, Search, Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle';

/**
 * Keyword email alerts are not built yet. This page says so plainly and offers what works today:
 * the browse page's search and its sorted views.
 */
export default function AlertsPage() {
  usePageTitle('Email alerts');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = search.trim();
    navigate(text ? `/dealsBrowse?search=${encodeURIComponent(text)}` : '/dealsBrowse');
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-50">
          <BellRing className="h-8 w-8 text-emerald-600" aria-hidden="true" />
        </span>
        <p className="mt-5 inline-flex rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-800 ring-1 ring-amber-200">
          Coming soon
        </p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Email Alerts</h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          Keyword email alerts are coming: pick the words you care about, like a product, brand or shop, and we'll email you when a matching deal is posted.
          They aren't available yet, so nothing is sent today.
        </p>

        <div className="mt-8 border-t border-slate-200 pt-8">
          <h2 className="text-base font-semibold text-slate-900">Until then, search the deals now</h2>
          <form role="search" onSubmit={submit} className="mx-auto mt-4 flex max-w-lg flex-col gap-2 sm:flex-row">
            <label htmlFor="alerts-search" className="sr-only">
              Search deals
            </label>
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <input
                id="alerts-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="e.g. air fryer, Lego, PS5"
                className="w-full rounded-lg border border-slate-300 py-2.5 pl-9 pr-3 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
              />
            </div>
            <button
              type="submit"
              className="rounded-lg bg-emerald-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
            >
              Search deals
            </button>
          </form>
          <div className="mt-5 flex flex-wrap justify-center gap-2 text-sm">
            <Link
              to="/dealsBrowse?status=active&sort=hottest"
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50"
            >
              <Flame className="h-4 w-4 text-orange-600" aria-hidden="true" />
              Hottest deals
            </Link>
            <Link
              to="/dealsBrowse?status=active&sort=newest"
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-50"
            >
              <Sparkles className="h-4 w-4 text-emerald-600" aria-hidden="true" />
              Newest deals
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
