import { TrendingDown } from 'lucide-react';
import { percentOff } from '../../../shared/domain/money';
import { isHot } from '../../../shared/domain/deals/temperature';
import { isExpired } from '../../../shared/domain/deals/deal-status';
import type { Deal } from '../../../shared/schemas/deals/deals';

type BadgeDeal = Pick<Deal, 'temperature' | 'price' | 'originalPrice' | 'status' | 'expiresAt'> & { isExpired?: boolean; isLowestPrice?: boolean };

/** The deal page's and the cards' wording of the lowest-price badge (docs/notes/products.md). */
export const LOWEST_PRICE_LABEL = "Lowest price we've seen";

/**
 * Which of the SPEC §2 card badges apply: HOT (temperature ≥ 1), FREE (price 0), percent off (> 0), Expired, and the
 * "Lowest price we've seen" (docs/notes/products.md; the list answer's isLowestPrice). An expired deal is never HOT nor the lowest
 * (docs/notes/web-everyday.md): its temperature and price are history, not a reason to go and buy.
 */
export function dealBadges(deal: BadgeDeal) {
  const expired = deal.isExpired ?? isExpired(deal.status, deal.expiresAt);
  return {
    hot: !expired && isHot(deal.temperature),
    free: deal.price === 0,
    percent: percentOff(deal.price, deal.originalPrice),
    expired,
    lowest: !expired && deal.isLowestPrice === true,
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

/**
 * The card's "Lowest price we've seen" (docs/notes/products.md), beside the price rather than over the picture: too long for the
 * compact row's thumbnail. Green on a pale green pill, as on the deal page (theme-dark.css maps both colours).
 */
export function LowestPriceBadge({ deal }: { deal: BadgeDeal }) {
  if (!dealBadges(deal).lowest) return null;
  return <LowestPriceTag size="card" />;
}

/** The pill's size, text and icon on a card and on the deal page, and the test id each is found by. */
const TAG_SIZES = {
  card: { pill: 'whitespace-nowrap px-2 py-0.5 text-[11px] leading-4', icon: 'h-3 w-3', testId: 'card-lowest-price-badge' },
  page: { pill: 'self-center px-2.5 py-1 text-xs', icon: 'h-3.5 w-3.5', testId: 'lowest-price-badge' },
};

/** The lowest-price pill itself; whoever shows it has decided the deal earns it. */
export function LowestPriceTag({ size }: { size: keyof typeof TAG_SIZES }) {
  const { pill, icon, testId } = TAG_SIZES[size];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-50 font-bold text-emerald-800 ring-1 ring-emerald-600/30 ${pill}`}
      data-testid={testId}
    >
      <TrendingDown className={icon} aria-hidden="true" />
      {LOWEST_PRICE_LABEL}
    </span>
  );
}
