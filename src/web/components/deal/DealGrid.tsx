import type { Deal } from '../../../shared/api';
import { DealCard, DealCardSkeleton, type DealCardVariant } from './DealCard';

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

/** Deals as a grid or list, with skeletons of the same size while loading so nothing jumps. */
export function DealGrid({ deals, loading, variant = 'grid', columns = 'full', skeletons = 4, empty = null, eagerCount = 0 }: Props) {
  const layout = variant === 'list' ? 'grid grid-cols-1 gap-2' : `grid gap-3 sm:gap-4 ${GRID_COLUMNS[columns]}`;
  if (loading && !deals) {
    return (
      <div className={layout} data-testid="deal-grid-loading">
        <span className="sr-only" role="status">
          Loading deals
        </span>
        {Array.from({ length: skeletons }, (_, i) => (
          <DealCardSkeleton key={i} variant={variant} />
        ))}
      </div>
    );
  }
  if (!deals || deals.length === 0) return <>{empty}</>;
  return (
    <ul className={layout} data-testid="deal-grid">
      {deals.map((deal, i) => (
        <li key={deal.id}>
          <DealCard deal={deal} variant={variant} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
