import { percentOff } from '../../../shared/domain/money';
import { isHot } from '../../../shared/domain/temperature';
import { isExpired } from '../../../shared/domain/deal-status';
import type { Deal } from '../../../shared/api';

type BadgeDeal = Pick<Deal, 'temperature' | 'price' | 'originalPrice' | 'status' | 'expiresAt'> & { isExpired?: boolean };

/**
 * Which of the SPEC §2 card badges apply: HOT (temperature ≥ 1), FREE (price 0), percent off (> 0), Expired. An expired
 * deal is never HOT (issue 17): its temperature is history, not a reason to go and buy.
 */
export function dealBadges(deal: BadgeDeal) {
  const expired = deal.isExpired ?? isExpired(deal.status, deal.expiresAt);
  return {
    hot: !expired && isHot(deal.temperature),
    free: deal.price === 0,
    percent: percentOff(deal.price, deal.originalPrice),
    expired,
  };
}

const pill = 'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold uppercase tracking-wide shadow-sm';

export function DealBadges({ deal, className = '' }: { deal: BadgeDeal; className?: string }) {
  const b = dealBadges(deal);
  if (!b.hot && !b.free && b.percent <= 0 && !b.expired) return null;
  return (
    <div className={`flex flex-wrap gap-1 ${className}`}>
      {b.expired && <span className={`${pill} bg-slate-800 text-white`}>Expired</span>}
      {b.hot && <span className={`${pill} bg-red-600 text-white`}>HOT</span>}
      {b.free && <span className={`${pill} bg-emerald-700 text-white`}>FREE</span>}
      {b.percent > 0 && <span className={`${pill} bg-amber-300 text-amber-950`}>-{b.percent}%</span>}
    </div>
  );
}
