import { bucketsForRange, combineBuckets, PRICE_BUCKETS } from '../../../../shared/domain/deals/price-buckets';

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

export { priceRangeLabel } from '../../../../shared/domain/deals/price-buckets';
