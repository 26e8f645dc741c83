import type { ReactNode } from 'react';
import type { AdminDealStatusFilter } from '../../../../../shared/schemas/admin/admin-deals';
import type { Category } from '../../../../../shared/schemas/catalog/categories';
import type { Store } from '../../../../../shared/schemas/catalog/stores';
import { ItemOptions } from '../../../../components/menus/ItemOptions';
import { AdminSearch } from '../../components/AdminSearch';
import { inputClass } from '../../components/buttons';
import type { DealsUrlState } from './url-state';

interface Props {
  state: DealsUrlState;
  categories: Category[];
  stores: Store[];
  onChange: (patch: Partial<DealsUrlState>) => void;
}

/** A filter applied as soon as it changes; its label is for screen readers, the options say what it filters. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} pr-8`}>
        {children}
      </select>
    </div>
  );
}

/** SPEC §2 filters: search applied on submit; status, category and store applied on change. */
export function DealsFilters({ state, categories, stores, onChange }: Props) {
  return (
    <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-3">
      <AdminSearch
        id="deal-search"
        label="Search deals"
        placeholder="Search deals by title or description..."
        value={state.search}
        onSearch={(search) => onChange({ search })}
        className="flex gap-2 sm:col-span-3"
        fieldClassName="min-w-0 flex-1"
      />
      <FilterSelect id="deal-status" label="Status" value={state.status} onChange={(status) => onChange({ status: status as AdminDealStatusFilter })}>
        <option value="all">All Statusess</option>
        <option value="active">Active</option>
        <option value="expired">Expired</option>
        <option value="pending">Pending</option>
      </FilterSelect>
      <FilterSelect id="deal-category" label="Category" value={state.category} onChange={(category) => onChange({ category })}>
        <ItemOptions firstValue="all" firstLabel="All Categories" items={categories} />
      </FilterSelect>
      <FilterSelect id="deal-store" label="Store" value={state.store} onChange={(store) => onChange({ store })}>
        <ItemOptions firstValue="all" firstLabel="All Stores" items={stores} />
      </FilterSelect>
    </div>
  );
}
