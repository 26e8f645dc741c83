import { CalendarClock, TrendingDown } from 'lucide-react';
import type { Deal } from '../../../shared/schemas/deals';
import { formatGBP, percentOff, youSave } from '../../../shared/domain/money';
import { LOWEST_PRICE_LABEL } from '../../components/deal/DealBadges';
import { priceText } from '../../components/deal/format';
import { WasPrice } from '../../components/deal/WasPrice';
import { shortDateOn } from '../../lib/uk-dates';
import { useReaderClock } from '../../lib/useReaderClock';

/** Price, struck original, 'You save', the "Lowest price we've seen" badge (docs/notes/products.md) and the expiry date. */
export function DealPricing({ deal, expired, lowest }: { deal: Deal; expired: boolean; lowest: boolean }) {
  const clock = useReaderClock();
  const saving = youSave(deal.price, deal.originalPrice);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={`text-3xl font-extrabold ${expired ? 'text-slate-600' : 'text-emerald-700'}`} data-testid="deal-price">
          {priceText(deal.price)}
        </span>
        <WasPrice price={deal.price} originalPrice={deal.originalPrice} className="text-lg text-slate-500" />
        {lowest && (
          <span
            className="inline-flex items-center gap-1 self-center rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-bold text-emerald-800 ring-1 ring-emerald-600/30"
            data-testid="lowest-price-badge"
          >
            <TrendingDown className="h-3.5 w-3.5" aria-hidden="true" />
            {LOWEST_PRICE_LABEL}
          </span>
        )}
      </p>
      {saving > 0 && (
        <p className="mt-1 text-sm font-semibold text-red-700">
          You save {formatGBP(saving)} ({percentOff(deal.price, deal.originalPrice)}%)
        </p>
      )}
      {deal.expiresAt && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarClock className="h-4 w-4" aria-hidden="true" />
          {expired ? 'Expired' : 'Expires'} {shortDateOn(deal.expiresAt, clock)}
        </p>
      )}
    </div>
  );
}
