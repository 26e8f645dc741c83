import { bucketsForRange, combineBuckets, PRICE_BUCKETS } from '../../../../shared/domain/price-buckets';
import { formatGBP } from '../../../../shared/domain/money';

/**
 * Ticking or unticking a price bucket. The URL holds one combined range (minPrice/maxPrice), so the ticked buckets are
 * always contiguous; unticking one in the middle keeps the part below it, so every box can always be unticked.
 */
export function toggleBucket(minPrice: number | undefined, maxPrice: number | undefined, bucketId: string): { minPrice?: number; maxPrice?: number } {
  const ticked = bucketsForRange(minPrice, maxPrice);
  if (!ticked.includes(bucketId)) return combineBuckets([...ticked, bucketId]);
  const order = PRICE_BUCKETS.map((b) => b.id).filter((id) => ticked.includes(id));
  const at = order.indexOf(bucketId);
  const kept = at === 0 ? order.slice(1) : order.slice(0, at);
  return combineBuckets(kept);
}

/** '£25.00 - £100.00', 'Under £25.00', 'Over £200.00' for the chip of a range. */
export function priceRangeLabel(minPrice?: number, maxPrice?: number): string {
  if (minPrice !== undefined && maxPrice !== undefined) return `${formatGBP(minPrice)} - ${formatGBP(maxPrice)}`;
  if (maxPrice !== undefined) return `Under ${formatGBP(maxPrice)}`;
  if (minPrice !== undefined) return `Over ${formatGBP(minPrice)}`;
  return '';
}
