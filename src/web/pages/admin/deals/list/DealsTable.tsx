import { Link } from '../../../../components/Link';
import { DealImage } from '../../../../components/deal/DealImage';
import { formatDate } from '../../components/format';
import { categoryText, DuplicateBadge, PriceText, RowActions, RowCheckbox, StatusBadge, storeText } from './cells';
import type { DealRowsProps } from './DealsCards';
import { SortHeader } from './SortHeader';
import type { SortKey } from './sort';

interface Props extends DealRowsProps {
  sort: string;
  onSort: (column: SortKey) => void;
}

export function DealsTable(props: Props) {
  const { deals, sort, onSort, selectable, selected, onToggleAll, disabled, onDelete } = props;
  const allChecked = deals.length > 0 && deals.every((d) => selected.has(d.id));
  const someChecked = !allChecked && deals.some((d) => selected.has(d.id));
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs text-slate-600">
          <tr>
            {selectable && (
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all deals on this page"
                  checked={allChecked}
                  ref={(el) => {
                    if (el) el.indeterminate = someChecked;
                  }}
                  disabled={disabled}
                  onChange={(e) => onToggleAll(e.target.checked)}
                  className="h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-500"
                />
              </th>
            )}
            <SortHeader label="Deal" column="title" sort={sort} onSort={onSort} />
            <SortHeader label="Category" column="category" sort={sort} onSort={onSort} />
            <SortHeader label="Store" column="store" sort={sort} onSort={onSort} />
            <th scope="col" className="px-3 py-3 font-semibold uppercase tracking-wide">
              Status
            </th>
            <SortHeader label="Created" column="created" sort={sort} onSort={onSort} />
            <SortHeader label="Updated" column="updated" sort={sort} onSort={onSort} />
            <th scope="col" className="px-3 py-3 font-semibold uppercase tracking-wide">
              Expires
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold uppercase tracking-wide">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {deals.map((deal) => (
            <tr key={deal.id} className={selected.has(deal.id) ? 'bg-emerald-50/60' : 'hover:bg-slate-50'} data-testid="admin-deal-row" data-deal-id={deal.id}>
              {selectable && (
                <td className="px-3 py-3">
                  <RowCheckbox deal={deal} selection={props} className="h-4 w-4 rounded border-slate-300 text-emerald-600 focus:ring-emerald-500" />
                </td>
              )}
              <td className="px-3 py-3">
                <div className="flex items-center gap-3">
                  <div className="h-12 w-12 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white">
                    <DealImage deal={deal} width={48} height={48} prefer="thumbnail" adminView className="h-12 w-12" />
                  </div>
                  <div className="min-w-0 max-w-xs">
                    <Link to={`/admin/deals/edit/${deal.id}`} className="line-clamp-2 font-medium text-slate-900 hover:text-emerald-700">
                      {deal.title}
                    </Link>
                    <p className="mt-0.5 text-xs">
                      <PriceText deal={deal} />
                    </p>
                    <DuplicateBadge deal={deal} className="mt-1" />
                  </div>
                </div>
              </td>
              <td className="px-3 py-3 text-slate-700">{categoryText(deal)}</td>
              <td className="px-3 py-3 text-slate-700">{storeText(deal)}</td>
              <td className="px-3 py-3">
                <StatusBadge status={deal.status} />
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-600">{formatDate(deal.createdAt)}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-600">{formatDate(deal.updatedAt)}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-600">{deal.expiresAt ? formatDate(deal.expiresAt) : 'No expiry'}</td>
              <td className="px-3 py-3">
                <RowActions deal={deal} disabled={disabled} onDelete={onDelete} className="justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
