import { SlidersHorizontal } from 'lucide-react';
import { ScrollToTopButton } from '../../components/ScrollToTopButton';

/**
 * The phone's browse bar (docs/notes/web-everyday.md), stuck to the bottom of the screen below lg: the one "Filters" button (it opens the
 * sheet with every filter and the sort) and, once scrolled, the back-to-top button. Both live in the bar's own strip,
 * so neither ever covers a card's controls; at the end of the list the bar settles below the pagination.
 */
export function MobileBrowseBar({ open, onOpen, active }: { open: boolean; onOpen: () => void; active: number }) {
  return (
    <div
      className="sticky bottom-0 z-30 -mx-4 mt-4 flex items-center gap-3 border-t border-slate-200 bg-white px-4 py-2 shadow-[0_-2px_6px_rgba(15,23,42,0.06)] sm:-mx-6 sm:px-6 lg:hidden"
      data-testid="browse-bar"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-expanded={open}
        aria-controls="browse-filters"
        aria-label={`${open ? 'Hide Filters' : 'Show Filters'}${active > 0 ? ` (${active} active)` : ''}`}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        Filters
        {active > 0 && (
          <span className="rounded-full bg-emerald-700 px-1.5 text-xs font-semibold text-white" aria-hidden="true">
            {active}
          </span>
        )}
      </button>
      <div className="ml-auto">
        <ScrollToTopButton className="block" />
      </div>
    </div>
  );
}
