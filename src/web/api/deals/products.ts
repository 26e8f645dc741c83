import { useQuery } from '@tanstack/react-query';
import { seenMoreThanOnce, sightingCounts } from '../../../shared/domain/deals/lowest-price';
import type { DuplicatesResult, PriceHistory, PricePoint } from '../../../shared/schemas/deals/products';
import { api } from '../client';

/**
 * Product identity (docs/notes/products.md): the deal form's duplicate check and a deal page's price history.
 * Types only from shared/schemas/deals/products, so no zod reaches the deal page.
 */
export const productKeys = {
  duplicates: (url: string, excludeId?: number) => ['products', 'duplicates', url, excludeId ?? 0] as const,
  history: (dealId: number) => ['products', 'history', dealId] as const,
};

/** GET /deals/duplicates?url=&excludeId=: recent active and pending deals of the same product. Off while `url` is empty. */
export function useDuplicateCheck(url: string, excludeId?: number) {
  return useQuery({
    queryKey: productKeys.duplicates(url, excludeId),
    queryFn: ({ signal }) => api.get<DuplicatesResult>('/deals/duplicates', { url, excludeId }, signal),
    enabled: url !== '',
    staleTime: 60_000,
    // A failed check must not stand in the member's way: no retries, no error shown.
    retry: false,
  });
}

/** GET /deals/{id}/price-history: the product's prices of the last 12 months, most recent first. */
export function usePriceHistory(dealId: number) {
  return useQuery({
    queryKey: productKeys.history(dealId),
    queryFn: ({ signal }) => api.get<PriceHistory>(`/deals/${dealId}/price-history`, undefined, signal),
    retry: false,
  });
}

/**
 * The prices actually seen, oldest first: a deal's repeated point at an unchanged price (a member's deal is recorded
 * when posted and again when the team activates it) counts once.
 */
export function distinctSightings(history: PriceHistory | undefined): PricePoint[] {
  if (!history) return [];
  const last = new Map<number, number>();
  const kept: PricePoint[] = [];
  for (const p of [...history.points].sort((a, b) => Date.parse(a.recordedAt) - Date.parse(b.recordedAt))) {
    if (p.dealId !== null && last.get(p.dealId) === p.price) continue;
    if (p.dealId !== null) last.set(p.dealId, p.price);
    kept.push(p);
  }
  return kept;
}

/**
 * The "Lowest price we've seen" badge: only when the product was seen at least twice (another deal, or this one at
 * another price). One sighting is trivially the lowest, so the API's `count > 1` is not enough on its own. The rule
 * is the cards' (shared/domain/deals/lowest-price.ts).
 */
export const showsLowestBadge = (history: PriceHistory | undefined) => !!history && history.isLowest && seenMoreThanOnce(sightingCounts(history.points));
