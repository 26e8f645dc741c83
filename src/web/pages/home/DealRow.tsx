import { ArrowRight } from 'lucide-react';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { DealGrid } from '../../components/deal/DealGrid';
import { HOME_ROW_SIZE } from '../../lib/constants';

/** A home row of 4 deals with its view-all link; empty reads 'No deals available at the moment.' */
export function DealRow({
  id,
  title,
  subtitle,
  deals,
  loading,
  viewAll,
  eager = false,
}: {
  id: string;
  title: string;
  subtitle: string;
  deals: Deal[] | undefined;
  loading: boolean;
  viewAll: string;
  /** The first row is on the first screen: its pictures load at once, not lazily. */
  eager?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`row-${id}`}>
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900 sm:text-2xl">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{subtitle}</p>
        </div>
        <Link
          to={viewAll}
          className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-semibold text-emerald-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          View all<span className="sr-only"> {title}</span>
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-3">
        <DealGrid
          deals={deals}
          loading={loading}
          skeletons={HOME_ROW_SIZE}
          eagerCount={eager ? HOME_ROW_SIZE : 0}
          empty={<p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No deals available at the moment.</p>}
        />
      </div>
    </section>
  );
}
