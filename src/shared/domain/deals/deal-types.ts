import type { DealType } from '../../schemas/deals/deals.js';

/** The deal types' names: browse's checkboxes and chips, and an empty search's "Remove" offers from the server. */
export const DEAL_TYPE_LABELS: Record<DealType, string> = { hot: 'Hot', warm: 'Warm', free: 'Free', discounted: 'Discounted' };
