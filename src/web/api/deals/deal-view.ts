import { useEffect } from 'react';
import { isPublicStatus } from '../../../shared/domain/deals/deal-visibility';

/**
 * The deal page's view beacon (docs/notes/analytics.md "Views"): once the page of a public deal is drawn in a
 * browser, it says so. No token and no cookie go with it; the server counts a visitor once per deal per 30 minutes
 * and ignores bots. A failure is nobody's business but the counts'.
 */
export function useDealViewBeacon(deal: { id: number; status: string }) {
  const counted = isPublicStatus(deal.status);
  useEffect(() => {
    if (!counted) return;
    fetch(`/api/deals/${deal.id}/view`, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => {});
  }, [deal.id, counted]);
}
