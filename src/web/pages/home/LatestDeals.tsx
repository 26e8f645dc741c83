import { ArrowRight } from 'lucide-react';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { DealGrid } from '../../components/deal/DealGrid';

const MORE_HREF = '/dealsBrowse?status=active&sort=newest';

/** Below the rows (docs/notes/web-everyday.md): the next 20 active deals, newest first, as compact rows, and a way on to browse. */
export function LatestDeals({ deals, loading, following = false }: { deals: Deal[] | undefined; loading: boolean; following?: boolean }) {
  return (
    <section aria-labelledby="latest-heading" data-testid="latest-deals" className="render-near-viewport">
      <h2 id="latest-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
        {following ? 'From what you follow' : 'Latest deals'}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        {following ? 'Live deals from the shops, categories and members you follow, newest first' : "More of today's deals, newest first"}
      </p>
      <div className="mt-3">
        <DealGrid
          deals={deals}
          loading={loading}
          variant="list"
          skeletons={4}
          empty={
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              {following ? 'No live deals from what you follow yet.' : 'No deals available at the moment.'}
            </p>
          }
        />
      </div>
      {!!deals?.length && (
        <div className="mt-4 text-center">
          <Link
            to={following ? '/dealsBrowse?following=1&status=active&sort=newest' : MORE_HREF}
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
          >
            More deals
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      )}
    </section>
  );
}
