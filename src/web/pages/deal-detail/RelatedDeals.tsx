import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { dealKeys, listOrEmpty } from '../../api/deals/deals';
import { DealGrid } from '../../components/deal/DealGrid';
import { RELATED_DEALS_LIMIT } from '../../lib/constants';

// Here rather than in api/deals/deals.ts: that module is in every page's first load (the deal-ui chunk), this block is lazy.
function useRelatedDeals(deal: Pick<Deal, 'id' | 'categoryId'> | undefined) {
  return useQuery({
    queryKey: dealKeys.related(deal?.id ?? 0, deal?.categoryId ?? 0),
    queryFn: ({ signal }) =>
      listOrEmpty(
        '/deals/related',
        { category: deal?.categoryId, excludeDealId: deal?.id, status: 'active', sort: 'hottest', limit: RELATED_DEALS_LIMIT },
        signal,
      ),
    enabled: !!deal,
  });
}

/** Up to 4 other active deals of the same category, hottest first (SPEC §2, §9). */
export function RelatedDeals({ deal }: { deal: Deal }) {
  const related = useRelatedDeals(deal);
  // The cards are drawn in a deferred render that yields to the browser, not in the blocking one a query's answer
  // starts (Total Blocking Time, docs/notes/web-performance.md); their skeletons stay until then.
  const deals = useDeferredValue(related.data);
  if (!related.isLoading && !related.data?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="text-xl font-bold text-slate-900">
        Related Deals
      </h2>
      <div className="mt-4">
        <DealGrid deals={deals} loading={related.isLoading || (deals === undefined && !!related.data)} skeletons={RELATED_DEALS_LIMIT} />
      </div>
    </section>
  );
}
