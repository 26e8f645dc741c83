import { describe, expect, it } from 'vitest';
import { seenMoreThanOnce, showsLowestPriceBadge, sightingCounts } from '../../../shared/domain/deals/lowest-price';
import type { PriceHistory, PricePoint } from '../../../shared/schemas/deals/products';
import { distinctSightings, showsLowestBadge } from '../../api/deals/products';

/**
 * The cards' flag (server: aggregates of one grouped query, shared/domain/deals/lowest-price.ts) and the deal page's badge
 * (web/api/deals/products.ts: the history's points, repeated same-price points of a deal counted once) must agree on every
 * set of points. Checked on generated histories: a few deals and gone-deal points at a few prices, in any order.
 */
function history(seed: number): { points: PricePoint[]; price: number } {
  let s = seed;
  const rand = (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % n;
  };
  const count = rand(6);
  const points: PricePoint[] = Array.from({ length: count }, (_, i) => ({
    price: [10, 12.5, 15][rand(3)],
    originalPrice: null,
    recordedAt: new Date(Date.UTC(2026, 0, 1 + rand(60), i)).toISOString(),
    dealId: rand(4) === 0 ? null : 1 + rand(3),
    source: 'member',
  }));
  return { points, price: [10, 12.5, 15][rand(3)] };
}

describe('the lowest-price rule: cards and deal page agree', () => {
  it('on 3,000 generated histories', () => {
    let badges = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const { points, price } = history(seed);
      const lowest = points.length ? Math.min(...points.map((p) => p.price)) : null;
      const answer: PriceHistory = { points, lowest: null, highest: null, isLowest: lowest !== null && price <= lowest, count: points.length };
      const page = showsLowestBadge(answer);
      expect(seenMoreThanOnce(sightingCounts(points)), `seed ${seed}`).toBe(distinctSightings(answer).length > 1);
      expect(showsLowestPriceBadge(price, sightingCounts(points)), `seed ${seed}`).toBe(page);
      if (page) badges++;
    }
    // Both outcomes were met, so the comparison could have failed either way.
    expect(badges).toBeGreaterThan(100);
    expect(badges).toBeLessThan(2900);
  });

  it('in the cases that matter: seen once, a repost at the same price, a price change, a gone deal', () => {
    const p = (price: number, dealId: number | null, day: number) => ({
      price,
      dealId,
      originalPrice: null,
      recordedAt: `2026-01-0${day}T00:00:00.000Z`,
      source: 'member',
    });
    expect(seenMoreThanOnce(sightingCounts([]))).toBe(false);
    expect(seenMoreThanOnce(sightingCounts([p(10, 1, 1), p(10, 1, 2)]))).toBe(false);
    expect(seenMoreThanOnce(sightingCounts([p(12, 1, 1), p(10, 1, 2)]))).toBe(true);
    expect(seenMoreThanOnce(sightingCounts([p(10, 1, 1), p(10, 2, 2)]))).toBe(true);
    expect(seenMoreThanOnce(sightingCounts([p(10, null, 1)]))).toBe(false);
    expect(seenMoreThanOnce(sightingCounts([p(10, null, 1), p(10, 1, 2)]))).toBe(true);
    // Two or more deals may be reported as 2 (the server's grouped query does).
    expect(seenMoreThanOnce({ unlinked: 0, deals: 2, lowest: 10, highest: 10 })).toBe(true);
    expect(showsLowestPriceBadge(null, { unlinked: 2, deals: 0, lowest: 10, highest: 10 })).toBe(false);
  });
});
