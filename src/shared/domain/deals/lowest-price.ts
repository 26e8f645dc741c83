/**
 * "Lowest price we've seen" (docs/notes/products.md): the one rule behind the price-history answer's `isLowest` and the deal cards'
 * `isLowestPrice`. Prices in any one unit (the server speaks pence). Which price points count, and over what window,
 * is the server's (features/products/queries.ts); this file only decides from what they add up to.
 */

/** A deal's price is the lowest seen when it has one and no counted point is cheaper (a tie is still the lowest). */
export function isLowestPrice(price: number | null, lowest: number | null): boolean {
  return price !== null && lowest !== null && price <= lowest;
}

/**
 * What the counted points of a product add up to, enough to tell how many times it was really seen:
 * - `unlinked`: points whose deal is gone (each one its own sighting);
 * - `deals`: how many different deals the other points belong to (any number from 2 up may be given as 2);
 * - `lowest`/`highest`: the cheapest and dearest counted price (null when no point counts).
 */
export interface SightingCounts {
  unlinked: number;
  deals: number;
  lowest: number | null;
  highest: number | null;
}

/** The counts of a list of points (the price-history answer's, or any test's). */
export function sightingCounts(points: ReadonlyArray<{ price: number; dealId: number | null }>): SightingCounts {
  const deals = new Set<number>();
  let unlinked = 0;
  for (const p of points) {
    if (p.dealId === null) unlinked++;
    else deals.add(p.dealId);
  }
  const prices = points.map((p) => p.price);
  return { unlinked, deals: deals.size, lowest: prices.length ? Math.min(...prices) : null, highest: prices.length ? Math.max(...prices) : null };
}

/**
 * Whether the product was seen more than once, as the deal page counts sightings (web/api/deals/products.ts
 * distinctSightings: a deal's repeated point at an unchanged price is one sighting): two or more deals or gone-deal
 * points, or one deal alone whose price changed. One sighting is trivially the lowest, so it earns no badge.
 */
export function seenMoreThanOnce(c: SightingCounts): boolean {
  if (c.unlinked + c.deals >= 2) return true;
  return c.deals === 1 && c.unlinked === 0 && c.lowest !== null && c.highest !== null && c.lowest !== c.highest;
}

/** The badge: at the lowest price, and the product seen more than once. */
export function showsLowestPriceBadge(price: number | null, counts: SightingCounts): boolean {
  return isLowestPrice(price, counts.lowest) && seenMoreThanOnce(counts);
}
