import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { Category, Store } from '../../../../shared/api';
import { btnSecondary, inputClass } from '../components/buttons';
import type { DealsUrlState } from './url-state';

interface Props {
  state: DealsUrlState;
  categories: Category[];
  stores: Store[];
  onChange: (patch: Partial<DealsUrlState>) => void;
}

const selectClass = `${inputClass} pr-8`;

/** SPEC §2 filters: search applied on submit; status, category and store applied on change. */
export function DealsFilters({ state, categories, stores, onChange }: Props) {
  const [text, setText] = useState(state.search);
  useEffect(() => setText(state.search), [state.search]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ search: text.trim() });
  };

  return (
    <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-3">
      <form role="search" onSubmit={submit} className="flex gap-2 sm:col-span-3">
        <label htmlFor="deal-search" className="sr-only">
          Search deals
        </label>
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            id="deal-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search deals by title or description..."
            className={`${inputClass} pl-9`}
          />
        </div>
        <button type="submit" className={btnSecondary}>
          Search
        </button>
      </form>
      <div>
        <label htmlFor="deal-status" className="sr-only">
          Status
        </label>
        <select id="deal-status" value={state.status} onChange={(e) => onChange({ status: e.target.value })} className={selectClass}>
          <option value="all">All Statusess</option>
          <option value="active">Active</option>
          <option value="expired">Expired</option>
          <option value="pending">Pending</option>
        </select>
      </div>
      <div>
        <label htmlFor="deal-category" className="sr-only">
          Category
        </label>
        <select id="deal-category" value={state.category} onChange={(e) => onChange({ category: e.target.value })} className={selectClass}>
          <option value="all">All Categories</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="deal-store" className="sr-only">
          Store
        </label>
        <select id="deal-store" value={state.store} onChange={(e) => onChange({ store: e.target.value })} className={selectClass}>
          <option value="all">All Stores</option>
          {stores.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
