import { SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePopup } from '../../../lib/usePopup';
import { ItemOptions } from '../../../components/menus/ItemOptions';
import type { Category } from '../../../../shared/schemas/catalog/categories';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { STATUSES as BROWSE_STATUSES } from './options';
import { type BrowseState, type BrowseStatus, STATUS_LABELS } from '../browse-params';
import { activeChips } from './FilterChips';

interface Props {
  state: BrowseState;
  update: (patch: Partial<BrowseState>) => void;
  categories: Category[] | undefined;
  stores: Store[] | undefined;
}

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200';
const toId = (v: string) => (v === 'all' ? undefined : Number(v));

function PopupSelect({ label, value, onChange, children }: { label: string; value: string | number; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/**
 * The Filter popup of SPEC §2 Browse: Category, Store and Status, applied as soon as they change. A disclosure button
 * and its panel, drawn in place below it (no portal, so Tab goes from the button into the panel and on). It closes on
 * Escape (focus back on the button), on a click outside and when focus leaves it; its own small code rather than
 * Headless UI's Popover, which with its positioning library was most of the browse page's first-load script (docs/notes/web-performance.md).
 */
export function FilterPopup({ state, update, categories, stores }: Props) {
  // The badge counts what the chips below show (every active filter), so the two never disagree.
  const count = activeChips(state, categories, stores).length;
  const { open, setOpen, rootRef, buttonRef, id: panelId, close, closeToButton } = usePopup();

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegated: Escape and focus-out bubble up from the button and the panel's fields; the wrapper itself is never focused or clicked.
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.preventDefault();
        closeToButton();
      }}
      onBlur={(e) => {
        // Focus moved to something outside the popup (Tab past its last field): close, as a disclosure popup does.
        if (open && e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        Filter
        {count > 0 && (
          <span className="rounded-full bg-emerald-700 px-1.5 text-xs font-semibold text-white">
            {count}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          data-testid="filter-popup"
          className="absolute left-1/2 z-40 mt-2 w-72 -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-4 shadow-lg focus:outline-none sm:left-0 sm:translate-x-0"
        >
          <div className="space-y-3">
            <PopupSelect label="Category" value={state.category ?? 'all'} onChange={(v) => update({ category: toId(v) })}>
              <ItemOptions firstValue="all" firstLabel="All Categories" items={categories} />
            </PopupSelect>
            <PopupSelect label="Store" value={state.store ?? 'all'} onChange={(v) => update({ store: toId(v) })}>
              <ItemOptions firstValue="all" firstLabel="All Stores" items={stores} />
            </PopupSelect>
            <PopupSelect label="Status" value={state.status} onChange={(v) => update({ status: v as BrowseStatus })}>
              {BROWSE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </PopupSelect>
          </div>
        </div>
      )}
    </div>
  );
}
