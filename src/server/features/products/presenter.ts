import { isLowestPrice } from '../../../shared/domain/deals/lowest-price.js';
import { toPounds } from '../../../shared/domain/money.js';
import type { DuplicateDeal, DuplicatesResult, PriceExtreme, PriceHistory, PricePoint } from '../../../shared/schemas/deals/products.js';
import { isLive } from '../../../shared/domain/deals/deal-visibility.js';

export interface RecentDealRow {
  id: number;
  title: string;
  price_pence: number | null;
  status: string;
  temperature: number;
  created_at: string;
  expires_at: string | null;
}

export interface HistoryDeal {
  id: number;
  status: string;
  user_id: number | null;
  price_pence: number | null;
  product_key: string | null;
}

export interface PricePointRow {
  price_pence: number;
  original_price_pence: number | null;
  recorded_at: string;
  deal_id: number | null;
  source: string;
}

/** A point's price (never null, unlike a deal's) in pounds. */
const pounds = (pence: number) => toPounds(pence) as number;

/** The duplicate warning: public fields of the open deals, and the active one a post would be refused for. */
export function presentDuplicates(rows: RecentDealRow[], now = Date.now()): DuplicatesResult {
  const open = rows.filter((r) => r.status === 'pending' || isLive(r.status, r.expires_at, now));
  const deals: DuplicateDeal[] = open.map((r) => ({
    id: Number(r.id),
    title: r.title,
    price: toPounds(r.price_pence),
    status: r.status as 'active' | 'pending',
    temperature: r.temperature,
    createdAt: r.created_at,
  }));
  const active = open.find((r) => r.status === 'active');
  return { deals, existingDealId: active ? Number(active.id) : null };
}

/** Points most recent first, so the first of equal prices met is the most recent one. */
function extreme(points: PricePointRow[], better: (a: number, b: number) => boolean): PriceExtreme | null {
  let best: PricePointRow | null = null;
  for (const p of points) if (best === null || better(p.price_pence, best.price_pence)) best = p;
  return best ? { price: pounds(best.price_pence), recordedAt: best.recorded_at } : null;
}

export function presentPriceHistory(deal: HistoryDeal, rows: PricePointRow[]): PriceHistory {
  const points: PricePoint[] = rows.map((p) => ({
    price: pounds(p.price_pence),
    originalPrice: toPounds(p.original_price_pence),
    recordedAt: p.recorded_at,
    dealId: p.deal_id === null ? null : Number(p.deal_id),
    source: p.source,
  }));
  const lowestPence = rows.length > 0 ? Math.min(...rows.map((p) => p.price_pence)) : null;
  return {
    points,
    lowest: extreme(rows, (a, b) => a < b),
    highest: extreme(rows, (a, b) => a > b),
    isLowest: isLowestPrice(deal.price_pence, lowestPence),
    count: points.length,
  };
}
