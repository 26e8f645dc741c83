import { describe, expect, it } from 'vitest';
import type { PricePoint } from '../../../../shared/schemas/deals/products';
import { distinctSightings } from '../../../api/deals/products';
import { chartGeometry } from './price-chart';

const point = (price: number, recordedAt: string, dealId: number | null = 1): PricePoint => ({
  price,
  originalPrice: null,
  recordedAt,
  dealId,
  source: 'member',
});
const history = (points: PricePoint[], isLowest = true) => ({ points, lowest: null, highest: null, isLowest, count: points.length });

describe('price history chart', () => {
  it('draws a step line from the first sighting to now, higher prices nearer the top', () => {
    const now = Date.parse('2024-03-31T00:00:00Z');
    // The API sends the most recent first.
    const g = chartGeometry([point(20, '2024-03-16T00:00:00Z', 2), point(30, '2024-03-01T00:00:00Z')], now)!;
    expect(g.line).toMatch(/^M0 [\d.]+ H500 V[\d.]+ H1000$/);
    expect(g.markers.map((m) => m.price)).toEqual([30, 20]);
    expect(g.markers[0].left).toBe(0);
    expect(g.markers[1].left).toBe(50);
    expect(g.highTop).toBeLessThan(g.lowTop);
    expect(g.highTop).toBeGreaterThan(0);
    expect(g.lowTop).toBeLessThan(100);
    expect(g.area.endsWith('V100 H0 Z')).toBe(true);
    expect(g.firstAt).toBe('2024-03-01T00:00:00Z');
  });

  it('keeps a single price off the edges and draws nothing without points', () => {
    const g = chartGeometry([point(0, '2024-03-01T00:00:00Z')], Date.parse('2024-03-02T00:00:00Z'))!;
    expect(g.lowTop).toBeGreaterThan(0);
    expect(g.lowTop).toBeLessThan(100);
    expect(chartGeometry([], Date.now())).toBeNull();
  });
});

describe('distinct sightings and the lowest-price badge', () => {
  it("counts a deal's repeated point at an unchanged price once (posted, then activated)", () => {
    const h = history([point(119, '2024-03-02T00:00:00Z'), point(119, '2024-03-01T00:00:00Z')]);
    expect(distinctSightings(h)).toHaveLength(1);
  });

  it('keeps other deals, repricings and deleted deals apart', () => {
    const h = history([
      point(99, '2024-03-04T00:00:00Z'),
      point(119, '2024-03-03T00:00:00Z', 2),
      point(129, '2024-03-02T00:00:00Z'),
      point(129, '2024-03-01T00:00:00Z', null),
      point(129, '2024-02-01T00:00:00Z', null),
    ]);
    expect(distinctSightings(h).map((p) => p.price)).toEqual([129, 129, 129, 119, 99]);
    expect(distinctSightings(undefined)).toEqual([]);
  });
});
