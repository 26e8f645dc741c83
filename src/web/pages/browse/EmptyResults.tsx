import { BellPlus, SearchX } from 'lucide-react';
import type { DealRelaxation } from '../../../shared/schemas/deals/deals';
import { Link } from '../../components/Link';
import { alertHrefFromBrowse } from '../alerts/alert-params';
import { type BrowseState, dealCountLabel } from './browse-params';

/**
 * The list when nothing matches (SPEC §2's wording): a search offers the filters it could drop, each with the deals it
 * would then find (the server's `relaxations`), and an alert for the search, prefilled (docs/notes/search.md).
 */
export function EmptyResults({ state, relaxations = [] }: { state: BrowseState; relaxations?: DealRelaxation[] }) {
  const searched = state.search.trim() !== '';
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center" data-testid="browse-empty">
      <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <p className="mx-auto mt-3 max-w-md text-slate-600">
        <strong className="font-semibold text-slate-900">No deals found</strong> - Try adjusting your filters or search term to find what you're looking for.
      </p>
      {relaxations.length > 0 && (
        <ul className="mx-auto mt-4 flex max-w-md flex-col items-center gap-2 text-sm" aria-label="Filters to remove" data-testid="relaxations">
          {relaxations.map((r) => (
            <li key={`${r.filter}-${r.label}`}>
              <Link to={`?${r.query}`} className="font-medium text-emerald-800 underline hover:text-emerald-900">
                Remove '{r.label}' — {dealCountLabel(r.count, r.countCapped)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {searched && (
        <Link
          to={alertHrefFromBrowse(state)}
          className="mt-5 inline-flex items-center gap-1.5 rounded-md border border-emerald-700 px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          <BellPlus className="h-4 w-4" aria-hidden="true" />
          Create an alert for this search
        </Link>
      )}
    </div>
  );
}
