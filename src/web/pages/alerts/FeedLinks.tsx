import { BellPlus, Rss } from 'lucide-react';
import { Link } from '../../components/Link';
import type { BrowseState } from '../browse/browse-params';
import { alertHrefFromBrowse, browseFeedHref } from './alert-params';

/** The RSS link; `more` completes the visible label for screen readers. A plain link: /feeds/* are served by the server, not routes of the app. */
export function RssLink({
  href,
  label = 'RSS',
  more = ' feed of these deals',
  className = '',
}: {
  href: string;
  label?: string;
  more?: string;
  className?: string;
}) {
  return (
    <a
      href={href}
      type="application/rss+xml"
      title={`${label}${more}`}
      className={`inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-orange-50 hover:text-orange-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 ${className}`}
    >
      <Rss className="h-4 w-4 text-orange-600" aria-hidden="true" />
      {label}
      <span className="sr-only">{more}</span>
    </a>
  );
}

/** Browse's feed and alert links: the RSS feed of the view, and "Create alert" whenever there is a search. */
export function BrowseFeedLinks({ state, className = '' }: { state: BrowseState; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {state.search.trim() !== '' && (
        <Link
          to={alertHrefFromBrowse(state)}
          className="inline-flex items-center gap-1.5 rounded-md border border-emerald-700 bg-white px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          <BellPlus className="h-4 w-4" aria-hidden="true" />
          Create alert
        </Link>
      )}
      <RssLink href={browseFeedHref(state)} />
    </div>
  );
}

/** The home page's feed: the newest active deals (the browse defaults), for feed readers. */
export function HomeFeedLink() {
  return (
    <div className="-mt-4 flex flex-wrap items-center justify-end gap-2 text-sm text-slate-600 lg:-mt-8">
      <span>Follow new deals in your feed reader:</span>
      <RssLink href="/feeds/deals.xml" label="RSS feed" more=" of the newest deals" className="py-1.5" />
    </div>
  );
}
