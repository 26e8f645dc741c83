import type { Alert, AlertCreateInput } from '../../../shared/schemas/members/alerts';
import { formatGBP } from '../../../shared/domain/money';
import { BROWSE_PAGE_SIZE } from '../../../shared/domain/constants';
import { BROWSE_DEFAULT_PAGE } from '../../lib/constants';
import { type BrowseState, toSearchParams } from '../browse/browse-params';

/** The /alerts form's values: every field as the form holds it (text; '' means no filter). */
export interface AlertFormValues {
  query: string;
  categoryId: string;
  storeId: string;
  maxPrice: string;
  minTemperature: string;
  frequency: 'instant' | 'daily';
}

export const EMPTY_ALERT_FORM: AlertFormValues = { query: '', categoryId: '', storeId: '', maxPrice: '', minTemperature: '', frequency: 'instant' };

const digits = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) >= 1 ? v : '');
const amount = (v: string | null) => (v && /^\d+(\.\d{1,2})?$/.test(v) ? v : '');

/**
 * The form prefilled from /alerts?query=&categoryId=&storeId=&maxPrice=&minTemperature=&frequency= (the browse page's
 * "Create alert" writes these). Anything unreadable is left empty rather than refused: the form's own checks speak then.
 */
export function prefillFromQuery(params: URLSearchParams): AlertFormValues {
  const frequency = params.get('frequency');
  return {
    query: (params.get('query') ?? params.get('search') ?? '').trim().slice(0, 200),
    categoryId: digits(params.get('categoryId')),
    storeId: digits(params.get('storeId')),
    maxPrice: amount(params.get('maxPrice')),
    minTemperature: digits(params.get('minTemperature')),
    frequency: frequency === 'daily' ? 'daily' : 'instant',
  };
}

/** True when the query string asks for a prefilled form (coming from browse). */
export const hasPrefill = (params: URLSearchParams) => ['query', 'search'].some((k) => (params.get(k) ?? '').trim() !== '');

/** "Create alert" on browse: the current search and the filters an alert can hold (category, store, max price). */
export function alertHrefFromBrowse(state: Pick<BrowseState, 'search' | 'category' | 'store' | 'maxPrice'>): string {
  const q = new URLSearchParams();
  q.set('query', state.search.trim());
  if (state.category) q.set('categoryId', String(state.category));
  if (state.store) q.set('storeId', String(state.store));
  if (state.maxPrice !== undefined) q.set('maxPrice', String(state.maxPrice));
  return `/alerts?${q.toString()}`;
}

/** The RSS feed of a browse view: GET /api/deals's parameters without paging (the feed is always the first 30). */
export function browseFeedHref(state: BrowseState): string {
  const q = toSearchParams({ ...state, page: BROWSE_DEFAULT_PAGE, pageSize: BROWSE_PAGE_SIZE });
  return `/feeds/deals.xml?${q.toString().replace(/%2C/gi, ',')}`;
}

/** The edit form's starting values for a stored alert. */
export function formFromAlert(alert: Alert): AlertFormValues {
  const text = (v: number | null) => (v === null ? '' : String(v));
  return {
    query: alert.query,
    categoryId: text(alert.categoryId),
    storeId: text(alert.storeId),
    maxPrice: text(alert.maxPrice),
    minTemperature: text(alert.minTemperature),
    frequency: alert.frequency,
  };
}

/** The form's values as the shared schema reads them (it takes form strings itself). */
export const toSchemaInput = (values: AlertFormValues): AlertCreateInput => ({ ...values });

/** The browse view of an alert's words and filters ("See matching deals"). */
export function browseHrefForAlert(alert: Pick<Alert, 'query' | 'categoryId' | 'storeId' | 'maxPrice'>): string {
  const q = new URLSearchParams();
  q.set('search', alert.query);
  if (alert.categoryId) q.set('category', String(alert.categoryId));
  if (alert.storeId) q.set('store', String(alert.storeId));
  q.set('status', 'active');
  q.set('sort', 'newest');
  if (alert.maxPrice !== null) q.set('maxPrice', String(alert.maxPrice));
  return `/dealsBrowse?${q.toString()}`;
}

/** The alert's filters in words, for its card. Unknown ids (a category since removed) still say something. */
export function describeFilters(alert: Alert, names: { category?: string; store?: string }): string[] {
  const parts: string[] = [];
  if (alert.categoryId !== null) parts.push(`in ${names.category ?? `category #${alert.categoryId}`}`);
  if (alert.storeId !== null) parts.push(`at ${names.store ?? `store #${alert.storeId}`}`);
  if (alert.maxPrice !== null) parts.push(alert.maxPrice === 0 ? 'free only' : `up to ${formatGBP(alert.maxPrice)}`);
  if (alert.minTemperature !== null) parts.push(`from ${alert.minTemperature}°`);
  return parts;
}

export const FREQUENCY_LABELS: Record<Alert['frequency'], { title: string; hint: string }> = {
  instant: { title: 'Instant', hint: 'One email as soon as a matching deal goes live' },
  daily: { title: 'Daily digest', hint: "One email a morning with the day's new matches" },
};
