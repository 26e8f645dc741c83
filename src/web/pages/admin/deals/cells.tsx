import type { Deal } from '../../../../shared/api';
import { capitalise } from '../../../../shared/domain/deal-status';
import { formatGBP } from '../../../../shared/domain/money';

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
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_BADGE[status] ?? 'bg-slate-100 text-slate-700 ring-slate-500/20'}`}>
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
