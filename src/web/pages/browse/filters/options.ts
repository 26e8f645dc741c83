import type { DealSort, DealType } from '../../../../shared/schemas/deals/deals';

/**
 * The browse options of SPEC §9. They mirror DEAL_SORTS, DEAL_TYPES and BROWSE_STATUSES of shared/schemas/deals/deals
 * (options.test.ts keeps them equal) so the browse page does not load zod just for three lists.
 */
export const SORTS = [
  'newest',
  'hottest',
  'getting-warm',
  'price-asc',
  'price-desc',
  'most-commented',
  'trending',
  'discount',
] as const satisfies readonly DealSort[];
export const TYPES = ['hot', 'warm', 'free', 'discounted'] as const satisfies readonly DealType[];
export const STATUSES = ['active', 'expired', 'all'] as const;
