import { lazy, Suspense } from 'react';
import type { PriceHistory } from '../../../../shared/schemas/deals/products';
import { distinctSightings } from '../../../api/deals/products';

// The chart is its own chunk, fetched only when a deal has a history to draw (not in the first load).
const PriceHistoryChart = lazy(() => import('./PriceHistoryChart'));

/** The chart and its summary take this much room, reserved while the chunk loads so nothing below moves. */
export const PRICE_HISTORY_HEIGHT = 'min-h-[15.5rem]';

/** "Price history" of the deal's product over 12 months, when it was seen at least twice (api/products distinctSightings). */
export function PriceHistorySection({ history, currentPrice }: { history: PriceHistory | undefined; currentPrice: number | null }) {
  const sightings = distinctSightings(history);
  if (!history || sightings.length < 2) return null;
  return (
    <section
      aria-labelledby="price-history-heading"
      className={`rounded-xl border border-slate-200 bg-white p-4 ${PRICE_HISTORY_HEIGHT}`}
      data-testid="price-history"
    >
      <h2 id="price-history-heading" className="text-base font-bold text-slate-900">
        Price history <span className="text-sm font-normal text-slate-600">· last 12 months</span>
      </h2>
      <Suspense fallback={<div className="mt-3 h-40 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}>
        <PriceHistoryChart history={history} sightings={sightings} currentPrice={currentPrice} />
      </Suspense>
    </section>
  );
}
