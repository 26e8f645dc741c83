import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type SortKey, sortArrow } from './sort';

export function SortHeader({
  label,
  column,
  sort,
  onSort,
  className = '',
}: {
  label: string;
  column: SortKey;
  sort: string;
  onSort: (c: SortKey) => void;
  className?: string;
}) {
  const arrow = sortArrow(sort, column);
  const Icon = arrow === 'desc' ? ArrowDown : arrow === 'asc' ? ArrowUp : ArrowUpDown;
  return (
    <th scope="col" className={`px-3 py-3 ${className}`} aria-sort={arrow === 'none' ? 'none' : arrow === 'asc' ? 'ascending' : 'descending'}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded font-semibold uppercase tracking-wide hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        {label}
        <Icon className={`h-3.5 w-3.5 ${arrow === 'none' ? 'text-slate-400' : 'text-emerald-700'}`} aria-hidden="true" data-arrow={arrow} />
      </button>
    </th>
  );
}
