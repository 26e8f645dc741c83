import { X } from 'lucide-react';
import type { Category } from '../../../../shared/schemas/catalog/categories';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { DEAL_TYPE_LABELS } from '../../../../shared/domain/deals/deal-types';
import { type BrowseState, STATUS_LABELS } from '../browse-params';
import { priceRangeLabel } from './price-range';

interface Chip {
  key: string;
  label: string;
  patch: Partial<BrowseState>;
}

export function activeChips(state: BrowseState, categories?: Category[], stores?: Store[]): Chip[] {
  const chips: Chip[] = [];
  if (state.search) chips.push({ key: 'search', label: `Search: ${state.search}`, patch: { search: '' } });
  if (state.category) {
    const name = categories?.find((c) => c.id === state.category)?.name ?? `#${state.category}`;
    chips.push({ key: 'category', label: `Category: ${name}`, patch: { category: undefined } });
  }
  if (state.store) {
    const name = stores?.find((s) => s.id === state.store)?.name ?? `#${state.store}`;
    chips.push({ key: 'store', label: `Store: ${name}`, patch: { store: undefined } });
  }
  if (state.status !== 'active') chips.push({ key: 'status', label: `Status: ${STATUS_LABELS[state.status]}`, patch: { status: 'active' } });
  if (state.minPrice !== undefined || state.maxPrice !== undefined) {
    chips.push({ key: 'price', label: `Price: ${priceRangeLabel(state.minPrice, state.maxPrice)}`, patch: { minPrice: undefined, maxPrice: undefined } });
  }
  for (const type of state.dealType) {
    chips.push({ key: `type-${type}`, label: DEAL_TYPE_LABELS[type], patch: { dealType: state.dealType.filter((t) => t !== type) } });
  }
  return chips;
}

/** Removable chips for every active filter, and 'Clear All Filters' (the sort stays). */
export function FilterChips({ chips, update }: { chips: Chip[]; update: (patch: Partial<BrowseState>) => void }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      {chips.map((chip) => (
        <span
          key={chip.key}
          className="inline-flex items-center gap-1 rounded-full bg-emerald-50 py-1 pl-3 pr-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          {chip.label}
          <button
            type="button"
            onClick={() => update(chip.patch)}
            aria-label={`Remove filter ${chip.label}`}
            className="rounded-full p-0.5 hover:bg-emerald-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </span>
      ))}
      <button
        type="button"
        onClick={() => update({ search: '', category: undefined, store: undefined, status: 'active', minPrice: undefined, maxPrice: undefined, dealType: [] })}
        className="rounded px-2 py-1 text-sm font-semibold text-red-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
      >
        Clear All Filters
      </button>
    </div>
  );
}
