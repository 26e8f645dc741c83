import type { ReactNode } from 'react';
import { CloseButton, NativeModal } from '../../../components/dialogs/DialogParts';

/**
 * The phone's filter sheet (docs/notes/web-everyday.md): every filter and the sort in one modal panel rising from the bottom. A native
 * <dialog> opened with showModal(): focus stays inside, the page behind is inert, Escape closes it. Filters apply as
 * they are picked; the footer button shows how many deals match and closes the sheet.
 */
/** `total`: the count as the list shows it ("1,000+ deals"). */
export function FilterSheet({ onClose, total, children }: { onClose: () => void; total: string | undefined; children: ReactNode }) {
  return (
    <NativeModal
      id="browse-filters"
      aria-labelledby="filter-sheet-title"
      onClose={onClose}
      className="mb-0 mt-auto max-h-[88vh] w-full max-w-none rounded-t-2xl open:flex open:flex-col bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
      data-testid="filter-sheet"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="filter-sheet-title" className="text-lg font-bold text-slate-900">
          Filters
        </h2>
        <CloseButton
          label="Close filters"
          onClick={onClose}
          className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4">{children}</div>
      <div className="border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={onClose}
          className="w-full rounded-md bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
        >
          {total === undefined ? 'Show deals' : `Show ${total}`}
        </button>
      </div>
    </NativeModal>
  );
}
