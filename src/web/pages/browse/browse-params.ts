import type { DealType } from '../../../shared/schemas/deals/deals';
import type { DealListParams } from '../../api/deals/deals';
import { BROWSE_PAGE_SIZE } from '../../../shared/domain/constants';
import { SORTS as DEAL_SORTS, STATUSES as BROWSE_STATUSES, TYPES as DEAL_TYPES } from './filters/options';
import { BROWSE_DEFAULT_PAGE, BROWSE_DEFAULT_SORT, BROWSE_DEFAULT_STATUS } from '../../lib/constants';
import { groupDigits } from '../../../shared/domain/money';

export type BrowseStatus = (typeof BROWSE_STATUSES)[number];
/** The sorts the browse menu offers (options.ts), a subset of what GET /deals accepts. */
export type BrowseSort = (typeof DEAL_SORTS)[number];

/** Everything the browse screen shows is decided by the query string (SPEC §2 Browse deals). */
export interface BrowseState {
  search: string;
  category?: number;
  store?: number;
  status: BrowseStatus;
  sort: BrowseSort;
  page: number;
  pageSize: number;
  minPrice?: number;
  maxPrice?: number;
  dealType: DealType[];
  /** Search the words as typed, never their near spellings (the "Search instead for" link, docs/notes/search.md). */
  exact?: boolean;
  /** Members' Following tab: live deals from what they follow, newest first (the other filters do not apply). */
  following?: boolean;
}

const positiveInt = (v: string | null) => {
  if (!v || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 ? n : undefined;
};
const price = (v: string | null) => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export function parseBrowse(params: URLSearchParams): BrowseState {
  const status = params.get('status');
  const sort = params.get('sort');
  const types = (params.getAll('dealType').join(',') || '')
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is DealType => (DEAL_TYPES as readonly string[]).includes(t));
  return {
    search: (params.get('search') ?? params.get('query') ?? '').trim(),
    // 'all' (or anything unparsable) means no category/store filter (SPEC §5 Browse query rules).
    category: positiveInt(params.get('category')),
    store: positiveInt(params.get('store')),
    status: (BROWSE_STATUSES as readonly string[]).includes(status ?? '') ? (status as BrowseStatus) : BROWSE_DEFAULT_STATUS,
    sort: (DEAL_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BrowseSort) : BROWSE_DEFAULT_SORT,
    page: positiveInt(params.get('page')) ?? BROWSE_DEFAULT_PAGE,
    pageSize: Math.min(positiveInt(params.get('pageSize')) ?? BROWSE_PAGE_SIZE, 100),
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    dealType: [...new Set(types)],
    ...(params.get('exact') === 'true' && params.get('search') ? { exact: true } : {}),
    ...(params.get('following') === '1' || params.get('following') === 'true' ? { following: true } : {}),
  };
}

/** The query string for a state: page and pageSize are left out at their defaults; status and sort always written. */
export function toSearchParams(s: BrowseState): URLSearchParams {
  const q = new URLSearchParams();
  if (s.search.trim()) q.set('search', s.search.trim());
  if (s.category) q.set('category', String(s.category));
  if (s.store) q.set('store', String(s.store));
  q.set('status', s.status);
  q.set('sort', s.sort);
  if (s.minPrice !== undefined) q.set('minPrice', String(s.minPrice));
  if (s.maxPrice !== undefined) q.set('maxPrice', String(s.maxPrice));
  if (s.dealType.length) q.set('dealType', s.dealType.join(','));
  if (s.page !== BROWSE_DEFAULT_PAGE) q.set('page', String(s.page));
  if (s.pageSize !== BROWSE_PAGE_SIZE) q.set('pageSize', String(s.pageSize));
  if (s.exact && s.search.trim()) q.set('exact', 'true');
  if (s.following) q.set('following', '1');
  return q;
}

/** True when the URL lacks the defaults that SPEC §2 says are written on first load. */
export const needsDefaults = (params: URLSearchParams) => !params.get('status') || !params.get('sort');

/** A filter change goes back to page 1 unless the change is the page itself. */
export function applyPatch(state: BrowseState, patch: Partial<BrowseState>): BrowseState {
  const next = { ...state, ...patch };
  if (!('page' in patch)) next.page = BROWSE_DEFAULT_PAGE;
  // A new search is forgiven again unless it asks not to be.
  if ('search' in patch && !('exact' in patch)) delete next.exact;
  return next;
}

export function toListParams(s: BrowseState): DealListParams {
  return {
    search: s.search || undefined,
    category: s.category,
    store: s.store,
    status: s.status,
    sort: s.sort,
    page: s.page,
    pageSize: s.pageSize,
    minPrice: s.minPrice,
    maxPrice: s.maxPrice,
    dealType: s.dealType,
    ...(s.exact ? { exact: true } : {}),
  };
}

/** SPEC §2: 'Browse Deals', plus ' in {category}' and/or ' at {store}' when sorted newest and filtered. */
export function browseTitle(s: Pick<BrowseState, 'sort'>, categoryName?: string, storeName?: string): string {
  let title = 'Browse Deals';
  if (s.sort !== 'newest') return title;
  if (categoryName) title += ` in ${categoryName}`;
  if (storeName) title += ` at ${storeName}`;
  return title;
}

export const SORT_LABELS: Record<BrowseSort, string> = {
  newest: 'Newest',
  hottest: 'Hottest',
  'getting-warm': 'Getting Warm',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'most-commented': 'Most Commented',
  trending: 'Trending',
  discount: 'Biggest Discount',
};

export const STATUS_LABELS: Record<BrowseStatus, string> = { active: 'Active', expired: 'Expired', all: 'All' };

/** "1 deal", "1,234 deals", or "1,000+ deals" when a search's total was capped (the server stops counting there). */
export function dealCountLabel(total: number, capped = false): string {
  return `${groupDigits(total)}${capped ? '+' : ''} ${total === 1 && !capped ? 'deal' : 'deals'}`;
}
