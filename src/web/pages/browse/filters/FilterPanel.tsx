import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { Category } from '../../../../shared/schemas/catalog/categories';
import type { Store } from '../../../../shared/schemas/catalog/stores';
import { bucketsForRange, PRICE_BUCKETS } from '../../../../shared/domain/deals/price-buckets';
import type { DealType } from '../../../../shared/schemas/deals/deals';
import { TYPES as DEAL_TYPES } from './options';
import { CATEGORIES_ERROR, STORES_ERROR } from '../../../api/catalog';
import { DEAL_TYPE_LABELS } from '../../../../shared/domain/deals/deal-types';
import type { BrowseState } from '../browse-params';
import { toggleBucket } from './price-range';
import { groupDigits } from '../../../../shared/domain/money';

interface Props {
  state: BrowseState;
  update: (patch: Partial<BrowseState>) => void;
  categories: Category[] | undefined;
  stores: Store[] | undefined;
  categoriesError: boolean;
  storesError: boolean;
}

/**
 * A collapsible section (WAI-ARIA disclosure: a heading's button with aria-expanded controlling the panel). Its own few
 * lines rather than Headless UI's Disclosure, which was part of the browse page's first-load script (docs/notes/web-performance.md).
 */
function Section({ title, children, defaultOpen = true }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <section className="border-b border-slate-200 py-4 last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          data-open={open ? '' : undefined}
          onClick={() => setOpen((o) => !o)}
          className="group flex w-full items-center justify-between rounded text-left text-sm font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          {title}
          <ChevronDown className="h-4 w-4 text-slate-500 transition group-data-[open]:rotate-180" aria-hidden="true" />
        </button>
      </h3>
      {open && (
        <div id={panelId} className="mt-3">
          {children}
        </div>
      )}
    </section>
  );
}

const optionRow = 'flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm text-slate-700 hover:bg-slate-50';
const radioClass = 'h-4 w-4 border-slate-300 text-emerald-700 accent-emerald-700 focus-visible:ring-2 focus-visible:ring-emerald-500';

/** One choice from a long list (categories, stores): a scrolling radio group 250 px high (SPEC §9). */
function RadioList<T extends { id: number; name: string; dealsCount?: number }>(props: {
  name: string;
  allLabel: string;
  items: T[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error: boolean;
  errorText: string;
}) {
  if (props.error) return <p className="text-sm text-red-700">{props.errorText}</p>;
  // As tall as the list will be (it scrolls past 250 px, which eight entries fill): the sections below stay where they
  // are when the list arrives (desktop browse shifted by 0.019 when this was 96 px).
  if (!props.items) return <div className="h-[250px] animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  return (
    // min-w-0: a fieldset is as wide as its widest row by default, and would carry the counts past the panel's edge.
    <fieldset className="min-w-0">
      <legend className="sr-only">{props.name}</legend>
      <div className="max-h-[250px] space-y-0.5 overflow-y-auto pr-2" data-testid={`${props.name.toLowerCase()}-list`}>
        <label className={optionRow}>
          <input type="radio" name={props.name} className={radioClass} checked={props.value === undefined} onChange={() => props.onChange(undefined)} />
          {props.allLabel}
        </label>
        {props.items.map((item) => (
          <label key={item.id} className={optionRow}>
            <input type="radio" name={props.name} className={radioClass} checked={props.value === item.id} onChange={() => props.onChange(item.id)} />
            {/* min-w-0 lets a long name shorten with an ellipsis; the count (70,435 at a million deals) keeps its room. */}
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            {typeof item.dealsCount === 'number' && <span className="shrink-0 text-xs tabular-nums text-slate-500">{groupDigits(item.dealsCount)}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Several choices at once (price buckets, deal types), applied as each is ticked. */
function CheckList({ legend, options }: { legend: string; options: Array<{ key: string; label: string; checked: boolean; onToggle: () => void }> }) {
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="space-y-0.5">
        {options.map((o) => (
          <label key={o.key} className={optionRow}>
            <input type="checkbox" className={radioClass} checked={o.checked} onChange={o.onToggle} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The left filter panel of SPEC §2 Browse: collapsible Categories, Price Range, Stores and Deal Type. */
export function FilterPanel({ state, update, categories, stores, categoriesError, storesError }: Props) {
  const ticked = bucketsForRange(state.minPrice, state.maxPrice);
  const toggleType = (type: DealType) =>
    update({ dealType: state.dealType.includes(type) ? state.dealType.filter((t) => t !== type) : [...state.dealType, type] });
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4" data-testid="filter-panel">
      <h2 className="sr-only">Filters</h2>
      <Section title="Categories">
        <RadioList
          name="Categories"
          allLabel="All Categories"
          items={categories}
          value={state.category}
          onChange={(category) => update({ category })}
          error={categoriesError}
          errorText={CATEGORIES_ERROR}
        />
      </Section>
      <Section title="Price Range">
        <CheckList
          legend="Price Range"
          options={PRICE_BUCKETS.map((b) => ({
            key: b.id,
            label: b.label,
            checked: ticked.includes(b.id),
            onToggle: () => update(toggleBucket(state.minPrice, state.maxPrice, b.id)),
          }))}
        />
      </Section>
      <Section title="Stores">
        <RadioList
          name="Stores"
          allLabel="All Stores"
          items={stores}
          value={state.store}
          onChange={(store) => update({ store })}
          error={storesError}
          errorText={STORES_ERROR}
        />
      </Section>
      <Section title="Deal Type">
        <CheckList
          legend="Deal Type"
          options={DEAL_TYPES.map((type) => ({
            key: type,
            label: DEAL_TYPE_LABELS[type],
            checked: state.dealType.includes(type),
            onToggle: () => toggleType(type),
          }))}
        />
      </Section>
    </div>
  );
}
