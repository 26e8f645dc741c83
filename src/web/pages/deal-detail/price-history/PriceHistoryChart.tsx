import type { PriceHistory, PricePoint } from '../../../../shared/schemas/deals/products';
import { formatGBP } from '../../../../shared/domain/money';
import { shortDate } from '../../../components/deal/format';
import { CHART_H, CHART_W, chartGeometry } from './price-chart';

/**
 * The price-history chart of a deal page (docs/notes/products.md): a hand-drawn SVG step chart, no chart library (see
 * docs/notes/products.md). The SVG stretches to any width (the line keeps its stroke); labels are HTML so they stay
 * readable at 390 px; the summary below says the same in words, and a hidden table lists every price for screen readers.
 */
export default function PriceHistoryChart({
  history,
  sightings,
  currentPrice,
}: {
  history: PriceHistory;
  sightings: PricePoint[];
  currentPrice: number | null;
}) {
  const chart = chartGeometry(sightings, Date.now());
  if (!chart || !history.lowest || !history.highest) return null;
  const { lowest, highest } = history;
  const flat = lowest.price === highest.price;
  const above = currentPrice !== null && currentPrice > lowest.price ? currentPrice - lowest.price : 0;
  return (
    <div className="mt-3">
      <div className="flex gap-2" aria-hidden="true">
        <div className="relative w-16 shrink-0 text-right text-xs font-medium tabular-nums text-slate-600">
          <span className="absolute right-0 -translate-y-1/2" style={{ top: `${chart.highTop}%` }}>
            {formatGBP(highest.price)}
          </span>
          {!flat && (
            <span className="absolute right-0 -translate-y-1/2" style={{ top: `${chart.lowTop}%` }}>
              {formatGBP(lowest.price)}
            </span>
          )}
        </div>
        <div className="relative h-32 min-w-0 flex-1 border-b border-l border-slate-300">
          <svg aria-hidden="true" viewBox={`0 0 ${CHART_W} ${CHART_H}`} preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible">
            <line
              x1="0"
              x2={CHART_W}
              y1={(chart.lowTop * CHART_H) / 100}
              y2={(chart.lowTop * CHART_H) / 100}
              className="stroke-emerald-600/40"
              strokeDasharray="6 6"
              vectorEffect="non-scaling-stroke"
            />
            <path d={chart.area} className="fill-emerald-600/10" />
            <path d={chart.line} className="fill-none stroke-emerald-700" strokeWidth="2.5" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
          {chart.markers.map((m, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list in time order where two sightings may share every field.
              key={`${m.recordedAt}-${i}`}
              title={`${formatGBP(m.price)} on ${shortDate(m.recordedAt)}`}
              className={`absolute h-2.5 w-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white ${m.price === lowest.price ? 'bg-emerald-700' : 'bg-slate-500'}`}
              style={{ left: `${m.left}%`, top: `${m.top}%` }}
            />
          ))}
        </div>
      </div>
      <div className="ml-[4.5rem] mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{shortDate(chart.firstAt)}</span>
        <span>Today</span>
      </div>
      <p className="mt-3 text-sm text-slate-700" data-testid="price-history-summary">
        Lowest <strong className="font-semibold text-slate-900">{formatGBP(lowest.price)}</strong> on {shortDate(lowest.recordedAt)}, highest{' '}
        <strong className="font-semibold text-slate-900">{formatGBP(highest.price)}</strong> on {shortDate(highest.recordedAt)}; {sightings.length} prices seen
        in the last 12 months.{' '}
        {history.isLowest ? "This is the lowest price we've seen." : above > 0 ? `This deal is ${formatGBP(above)} above the lowest.` : ''}
      </p>
      <table className="sr-only">
        <caption>Every price seen for this product, most recent first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {[...sightings].reverse().map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list in time order where two sightings may share every field.
            <tr key={`${p.recordedAt}-${i}`}>
              <td>{shortDate(p.recordedAt)}</td>
              <td>{formatGBP(p.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
