import { CalendarClock } from 'lucide-react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { formatGBP, percentOff, youSave } from '../../../shared/domain/money';
import { LowestPriceTag } from '../../components/deal/DealBadges';
import { priceText } from '../../components/deal/format';
import { WasPrice } from '../../components/deal/WasPrice';
import { shortDateOn } from '../../lib/dates/uk-dates';
import { useReaderClock } from '../../lib/dates/useReaderClock';

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
        {lowest && <LowestPriceTag size="page" />}
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
