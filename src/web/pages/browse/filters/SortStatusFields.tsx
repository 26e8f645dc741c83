import { SORTS, STATUSES } from './options';
import { type BrowseSort, type BrowseState, type BrowseStatus, SORT_LABELS, STATUS_LABELS } from '../browse-params';

const row = 'flex cursor-pointer items-center gap-2 rounded px-1.5 py-1.5 text-sm text-slate-800 hover:bg-slate-50';
const radio = 'h-4 w-4 accent-emerald-700 focus-visible:ring-2 focus-visible:ring-emerald-500';

function Choices<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="border-b border-slate-200 py-4">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-x-2">
        {options.map((o) => (
          <label key={o} className={row}>
            <input type="radio" name={name} className={radio} checked={value === o} onChange={() => onChange(o)} />
            {labels[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The sort and the status as radio groups, for the phone's filter sheet (the wide page has the Sort menu and Filter popup). */
export function SortStatusFields({ state, update }: { state: BrowseState; update: (patch: Partial<BrowseState>) => void }) {
  return (
    <>
      <Choices<BrowseSort> legend="Sort by" name="sheet-sort" options={SORTS} labels={SORT_LABELS} value={state.sort} onChange={(sort) => update({ sort })} />
      <Choices<BrowseStatus>
        legend="Status"
        name="sheet-status"
        options={STATUSES}
        labels={STATUS_LABELS}
        value={state.status}
        onChange={(status) => update({ status })}
      />
    </>
  );
}
