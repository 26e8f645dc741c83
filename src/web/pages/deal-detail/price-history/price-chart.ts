import type { PricePoint } from '../../../../shared/schemas/deals/products';

/** The chart's drawing box: x 0..1000 over time, y 0..100 with the highest price near the top. */
export const CHART_W = 1000;
export const CHART_H = 100;

export interface ChartMarker {
  /** Percent of the box's width and height, for HTML markers placed over the stretched SVG. */
  left: number;
  top: number;
  price: number;
  recordedAt: string;
}

export interface ChartGeometry {
  /** The step line: each price holds until the next one, the last until now. */
  line: string;
  /** The same line closed along the bottom, for the shaded area. */
  area: string;
  markers: ChartMarker[];
  /** Where the lowest and highest prices sit, in percent from the top, for the axis labels. */
  lowTop: number;
  highTop: number;
  firstAt: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A step chart of the price points (most recent first, as the API sends them) from the first point to `now`. The
 * price axis leaves a margin above and below so the lowest and highest steps never sit on the edges.
 */
export function chartGeometry(points: PricePoint[], now: number): ChartGeometry | null {
  const sorted = points
    .map((p) => ({ ...p, t: Date.parse(p.recordedAt) }))
    .filter((p) => Number.isFinite(p.t))
    .sort((a, b) => a.t - b.t);
  if (sorted.length === 0) return null;
  const t0 = sorted[0].t;
  const span = Math.max(now, sorted[sorted.length - 1].t) - t0 || 1;
  const prices = sorted.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const pad = hi > lo ? (hi - lo) * 0.2 : Math.max(hi * 0.1, 1);
  const yMin = lo - pad;
  const yMax = hi + pad;
  const x = (t: number) => round(((t - t0) / span) * CHART_W);
  const y = (price: number) => round(((yMax - price) / (yMax - yMin)) * CHART_H);

  let line = `M0 ${y(sorted[0].price)}`;
  for (const p of sorted.slice(1)) line += ` H${x(p.t)} V${y(p.price)}`;
  line += ` H${CHART_W}`;
  return {
    line,
    area: `${line} V${CHART_H} H0 Z`,
    markers: sorted.map((p) => ({ left: (x(p.t) / CHART_W) * 100, top: (y(p.price) / CHART_H) * 100, price: p.price, recordedAt: p.recordedAt })),
    lowTop: (y(lo) / CHART_H) * 100,
    highTop: (y(hi) / CHART_H) * 100,
    firstAt: sorted[0].recordedAt,
  };
}
