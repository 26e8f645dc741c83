import { groupDigits } from '../../../shared/domain/money';
import { figuresText } from '../../lib/figures';
import { Eye, Pencil, Tag, Trash2 } from 'lucide-react';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { statusLabel } from '../../../shared/domain/deals/deal-status';
import { DealImage } from '../../components/deal/DealImage';
import { priceText, shortDate } from '../../components/deal/format';
import { TemperaturePill } from '../../components/deal/vote/TemperaturePill';
import { WasPrice } from '../../components/deal/WasPrice';
import { MyDealReview } from './MyDealReview';

const STATUS_STYLES: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
};

function StatusBadge({ deal }: { deal: Deal }) {
  // An active deal past its expiry date reads as expired (SPEC §4).
  const status = deal.status === 'active' && deal.isExpired ? 'expired' : deal.status;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[status] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`}
    >
      {statusLabel(status)}
    </span>
  );
}

function Price({ deal }: { deal: Deal }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="font-bold text-emerald-700">{priceText(deal.price)}</span>
      <WasPrice price={deal.price} originalPrice={deal.originalPrice} className="text-xs text-slate-500" />
    </span>
  );
}

const actionClass =
  'inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

function Actions({ deal, onDelete }: { deal: Deal; onDelete: (deal: Deal) => void }) {
  return (
    <div className="flex items-center gap-1">
      <Link to={`/dealDetail/${deal.id}`} className={`${actionClass} text-slate-700 hover:bg-slate-100`} aria-label={`View ${deal.title}`}>
        <Eye className="h-4 w-4" aria-hidden="true" />
        View
      </Link>
      <Link to={`/deals/edit/${deal.id}`} className={`${actionClass} text-emerald-700 hover:bg-emerald-50`} aria-label={`Edit ${deal.title}`}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        Edit
      </Link>
      <button type="button" onClick={() => onDelete(deal)} className={`${actionClass} text-red-600 hover:bg-red-50`} aria-label={`Delete ${deal.title}`}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Delete
      </button>
    </div>
  );
}

function Thumb({ deal }: { deal: Deal }) {
  return (
    <span className="block h-14 w-14 shrink-0 overflow-hidden rounded-lg border border-slate-100">
      <DealImage deal={deal} width={56} height={56} prefer="thumbnail" className="h-full w-full" />
    </span>
  );
}

function TitleLink({ deal }: { deal: Deal }) {
  return (
    <Link to={`/dealDetail/${deal.id}`} className="line-clamp-2 font-medium text-slate-900 hover:text-emerald-700">
      {deal.title}
    </Link>
  );
}

const TH = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const HEADINGS = ['Deal', 'Price', 'Status', 'Heat', 'Views', 'Clicks', 'Posted'];

interface RowsProps {
  deals: Deal[];
  onDelete: (deal: Deal) => void;
}

/** The member's deals as a table from md up. */
export function MyDealsTable({ deals, onDelete }: RowsProps) {
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="min-w-full divide-y divide-slate-200" data-testid="my-deals-table">
        <thead className="bg-slate-50">
          <tr>
            {HEADINGS.map((h) => (
              <th key={h} scope="col" className={TH}>
                {h}
              </th>
            ))}
            <th scope="col" className={`${TH} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deals.map((deal) => (
            <tr key={deal.id} className="hover:bg-slate-50/60">
              <td className="max-w-md px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumb deal={deal} />
                  <div className="min-w-0">
                    <TitleLink deal={deal} />
                    <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-slate-500">
                      <Tag className="h-3 w-3 shrink-0" aria-hidden="true" />
                      {deal.storeName} · {deal.categoryName}
                    </p>
                    <MyDealReview deal={deal} />
                  </div>
                </div>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-sm">
                <Price deal={deal} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <StatusBadge deal={deal} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <TemperaturePill temperature={deal.temperature} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-sm tabular-nums text-slate-700">{groupDigits(deal.figures?.views ?? 0)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-sm tabular-nums text-slate-700">{groupDigits(deal.figures?.clicks ?? 0)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-sm text-slate-600">{shortDate(deal.createdAt)}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <div className="flex justify-end">
                  <Actions deal={deal} onDelete={onDelete} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below md the table becomes a list of cards so nothing scrolls sideways at 390 px. */
export function MyDealsList({ deals, onDelete }: RowsProps) {
  return (
    <ul className="space-y-3 md:hidden" data-testid="my-deals-list">
      {deals.map((deal) => (
        <li key={deal.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex gap-3">
            <Thumb deal={deal} />
            <div className="min-w-0 flex-1">
              <TitleLink deal={deal} />
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <Price deal={deal} />
                <StatusBadge deal={deal} />
                <TemperaturePill temperature={deal.temperature} />
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {deal.storeName} · Posted {shortDate(deal.createdAt)}
              </p>
              {deal.figures && <p className="mt-1 text-xs tabular-nums text-slate-600">{figuresText(deal.figures)}</p>}
              <MyDealReview deal={deal} />
            </div>
          </div>
          <div className="mt-3 border-t border-slate-100 pt-2">
            <Actions deal={deal} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}
