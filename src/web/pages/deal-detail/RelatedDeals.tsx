import type { Deal } from '../../../shared/api';
import { useRelatedDeals } from '../../api/deals';
import { DealGrid } from '../../components/deal/DealGrid';
import { RELATED_DEALS_LIMIT } from '../../lib/constants';

/** Up to 4 other active deals of the same category, hottest first (SPEC §2, §9). */
export function RelatedDeals({ deal }: { deal: Deal }) {
  const related = useRelatedDeals(deal);
  if (!related.isLoading && !related.data?.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="text-xl font-bold text-slate-900">
        Related Deals
      </h2>
      <div className="mt-4">
        <DealGrid deals={related.data} loading={related.isLoading} skeletons={RELATED_DEALS_LIMIT} />
      </div>
    </section>
  );
}
