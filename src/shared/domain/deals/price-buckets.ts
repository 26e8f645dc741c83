import { formatGBP } from '../money.js';

/** Price buckets of SPEC §9; several selections combine into one range (ARCHITECTURE §5). */
export interface PriceBucket {
  id: string;
  label: string;
  min: number;
  max: number | null;
}

export const PRICE_BUCKETS: PriceBucket[] = [
  { id: 'under-25', label: 'Under £25', min: 0, max: 25 },
  { id: '25-50', label: '£25 - £50', min: 25, max: 50 },
  { id: '50-100', label: '£50 - £100', min: 50, max: 100 },
  { id: '100-200', label: '£100 - £200', min: 100, max: 200 },
  { id: 'over-200', label: 'Over £200', min: 200, max: null },
];

export function combineBuckets(ids: string[]): { minPrice?: number; maxPrice?: number } {
  const chosen = PRICE_BUCKETS.filter((b) => ids.includes(b.id));
  if (chosen.length === 0) return {};
  const minPrice = Math.min(...chosen.map((b) => b.min));
  const maxPrice = chosen.some((b) => b.max === null) ? undefined : Math.max(...chosen.map((b) => b.max as number));
  return { minPrice: minPrice > 0 ? minPrice : undefined, maxPrice };
}

/** Which buckets a min/max range from the URL corresponds to (for ticking the checkboxes back). */
export function bucketsForRange(minPrice?: number, maxPrice?: number): string[] {
  if (minPrice === undefined && maxPrice === undefined) return [];
  const lo = minPrice ?? 0;
  const hi = maxPrice ?? Number.POSITIVE_INFINITY;
  return PRICE_BUCKETS.filter((b) => b.min >= lo && (b.max ?? Number.POSITIVE_INFINITY) <= hi).map((b) => b.id);
}

/** '£25.00 - £100.00', 'Under £25.00', 'Over £200.00': a price range's name (browse's chip, an empty search's offer). */
export function priceRangeLabel(minPrice?: number, maxPrice?: number): string {
  if (minPrice !== undefined && maxPrice !== undefined) return `${formatGBP(minPrice)} - ${formatGBP(maxPrice)}`;
  if (maxPrice !== undefined) return `Under ${formatGBP(maxPrice)}`;
  if (minPrice !== undefined) return `Over ${formatGBP(minPrice)}`;
  return '';
}
