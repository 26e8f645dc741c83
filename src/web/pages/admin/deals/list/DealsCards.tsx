import { Link } from '../../../../components/Link';
import type { Deal } from '../../../../../shared/schemas/deals/deals';
import { DealImage } from '../../../../components/deal/DealImage';
import { formatDate } from '../../components/format';
import { categoryText, DuplicateBadge, PriceText, RowActions, RowCheckbox, type RowSelection, StatusBadge, storeText } from './cells';

/** What the desktop table and the phone cards both take: the rows, their selection and their delete. */
export interface DealRowsProps extends RowSelection {
  deals: Deal[];
  selectable: boolean;
  onToggleAll: (checked: boolean) => void;
  onDelete: (deal: Deal) => void;
}

/** The Deals Management rows as cards on phones, where nine columns cannot fit. */
export function DealsCards(props: DealRowsProps) {
  const { deals, selectable, selected, onToggleAll, disabled, onDelete } = props;
  const allChecked = deals.length > 0 && deals.every((d) => selected.has(d.id));
  return (
    <div className="md:hidden">
      {selectable && (
        <label className="flex items-center gap-3 border-b border-slate-200 px-4 py-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={allChecked}
            disabled={disabled}
            onChange={(e) => onToggleAll(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-emerald-600"
          />
          Select all on this page
        </label>
      )}
      <ul className="divide-y divide-slate-100">
        {deals.map((deal) => (
          <li key={deal.id} className={`flex gap-3 px-4 py-3 ${selected.has(deal.id) ? 'bg-emerald-50/60' : ''}`} data-testid="admin-deal-card">
            {selectable && <RowCheckbox deal={deal} selection={props} className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 text-emerald-600" />}
            <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white">
              <DealImage deal={deal} width={64} height={64} prefer="thumbnail" adminView className="h-16 w-16" />
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <Link to={`/admin/deals/edit/${deal.id}`} className="line-clamp-2 text-sm font-medium text-slate-900">
                  {deal.title}
                </Link>
                <StatusBadge status={deal.status} />
              </div>
              <p className="mt-0.5 text-xs">
                <PriceText deal={deal} />
              </p>
              <DuplicateBadge deal={deal} className="mt-1" />
              <p className="mt-0.5 truncate text-xs text-slate-600">
                {categoryText(deal)} · {storeText(deal)}
              </p>
              <div className="mt-1 flex items-center justify-between gap-2">
                <p className="text-xs text-slate-500">
                  {formatDate(deal.createdAt)} · {deal.expiresAt ? `Expires ${formatDate(deal.expiresAt)}` : 'No expiry'}
                </p>
                <RowActions deal={deal} disabled={disabled} onDelete={onDelete} className="shrink-0" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
