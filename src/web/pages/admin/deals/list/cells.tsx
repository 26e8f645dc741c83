import { Copy, Pencil, Trash2 } from 'lucide-react';
import { Link } from '../../../../components/Link';
import type { Deal } from '../../../../../shared/schemas/deals/deals';
import { iconBtn, iconBtnDanger } from '../../components/buttons';
import { capitalise } from '../../../../../shared/domain/deals/deal-status';
import { formatGBP } from '../../../../../shared/domain/money';

const STATUS_BADGE: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  pending: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  expired: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  rejected: 'bg-red-100 text-red-800 ring-red-600/20',
  deleted: 'bg-red-100 text-red-800 ring-red-600/20',
};

/** SPEC §2 row cells: the capitalised status. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_BADGE[status] ?? 'bg-slate-100 text-slate-700 ring-slate-500/20'}`}
    >
      {capitalise(status)}
    </span>
  );
}

/** Price with the struck-through original, or 'No price'. */
export function PriceText({ deal }: { deal: Pick<Deal, 'price' | 'originalPrice'> }) {
  if (deal.price === null || deal.price === undefined) return <span className="text-slate-500">No price</span>;
  return (
    <>
      <span className="font-semibold text-emerald-700">{formatGBP(deal.price)}</span>
      {deal.originalPrice !== null && deal.originalPrice !== undefined && deal.originalPrice > deal.price && (
        <span className="ml-1.5 text-slate-500 line-through">{formatGBP(deal.originalPrice)}</span>
      )}
    </>
  );
}

export const categoryText = (deal: Deal) => deal.category?.name || deal.categoryName || 'N/A';
export const storeText = (deal: Deal) => deal.store?.name || deal.storeName || 'N/A';

/** The rows' batch selection, as the desktop table and the phone cards both take it. */
export interface RowSelection {
  selected: ReadonlyMap<number, Deal>;
  onToggle: (deal: Deal) => void;
  disabled: boolean;
}

/** Ticks one deal for a batch. */
export function RowCheckbox({ deal, selection: { selected, disabled, onToggle }, className }: { deal: Deal; selection: RowSelection; className: string }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${deal.title}`}
      checked={selected.has(deal.id)}
      disabled={disabled}
      onChange={() => onToggle(deal)}
      className={className}
    />
  );
}

/** Edit and Delete of one deal row or card. */
export function RowActions({ deal, disabled, onDelete, className }: { deal: Deal; disabled: boolean; onDelete: (deal: Deal) => void; className: string }) {
  return (
    <div className={`flex gap-1 ${className}`}>
      <Link to={`/admin/deals/edit/${deal.id}`} className={iconBtn} aria-label={`Edit ${deal.title}`} title="Edit">
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Link>
      <button type="button" onClick={() => onDelete(deal)} disabled={disabled} className={iconBtnDanger} aria-label={`Delete ${deal.title}`} title="Delete">
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Flagged when posted as a likely repost of another deal (`duplicateOf`); links to that deal's edit page. */
export function DuplicateBadge({ deal, className = '' }: { deal: Pick<Deal, 'duplicateOf'>; className?: string }) {
  if (!deal.duplicateOf) return null;
  return (
    <Link
      to={`/admin/deals/edit/${deal.duplicateOf}`}
      aria-label={`Possible duplicate of deal #${deal.duplicateOf}`}
      className={`inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-600/30 hover:bg-amber-200 ${className}`}
      data-testid="duplicate-badge"
    >
      <Copy className="h-3 w-3" aria-hidden="true" />
      Possible duplicate · #{deal.duplicateOf}
    </Link>
  );
}
