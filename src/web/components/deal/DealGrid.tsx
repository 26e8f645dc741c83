import { useDeferredValue } from 'react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { DealCard, DealCardSkeleton, type DealCardVariant } from './DealCard';
import { skeletonKeys } from '../../lib/skeleton-keys';

/** `full`: the page's whole width (4 a row from lg); `sidebar`: beside browse's filter panel (still 4 a row at 1280 px). */
const GRID_COLUMNS = {
  full: 'grid-cols-2 lg:grid-cols-4',
  sidebar: 'grid-cols-2 md:grid-cols-3 xl:grid-cols-4',
} as const;

interface Props {
  deals: Deal[] | undefined;
  loading: boolean;
  variant?: DealCardVariant;
  columns?: keyof typeof GRID_COLUMNS;
  skeletons?: number;
  /** Shown when loading finished with no deals. */
  empty?: React.ReactNode;
  eagerCount?: number;
}

/** Cards drawn in the render that brings a list: two rows of four, more than any first screen shows. */
const FIRST_BATCH = 8;

/**
 * Deals as a grid or list, with skeletons of the same size while loading so nothing jumps. When a longer list arrives,
 * the cards after the first FIRST_BATCH are drawn in a second, interruptible render (docs/notes/web-performance.md): the first screen
 * paints without waiting for them and the main thread is not held by one long render. They are appended below, so
 * nothing in view moves.
 */
export function DealGrid({ deals, loading, variant = 'grid', columns = 'full', skeletons = 4, empty = null, eagerCount = 0 }: Props) {
  const layout = variant === 'list' ? 'grid grid-cols-1 gap-2' : `grid gap-3 sm:gap-4 ${GRID_COLUMNS[columns]}`;
  const total = deals?.length ?? 0;
  const drawn = useDeferredValue(total);
  const shown = drawn < total ? Math.max(drawn, FIRST_BATCH) : total;
  if (loading && !deals) {
    return (
      <div className={layout} data-testid="deal-grid-loading">
        <span className="sr-only" role="status">
          Loading deals
        </span>
        {skeletonKeys(skeletons).map((key) => (
          <DealCardSkeleton key={key} variant={variant} />
        ))}
      </div>
    );
  }
  if (!deals || deals.length === 0) return <>{empty}</>;
  return (
    <ul className={layout} data-testid="deal-grid">
      {deals.slice(0, shown).map((deal, i) => (
        <li key={deal.id}>
          <DealCard deal={deal} variant={variant} eager={i < eagerCount} first={i === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  );
}
