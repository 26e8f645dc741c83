import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminDealStatusFilter } from '../../../../../shared/schemas/admin/admin-deals';
import { DEFAULT_SORT, isValidSort } from './sort';

/** The Deals Management state that lives in the query string (SPEC §2): page, status, category, store, search, sort. */
export interface DealsUrlState {
  page: number;
  status: AdminDealStatusFilter;
  category: string;
  store: string;
  search: string;
  sort: string;
}

export const STATUS_FILTERS = ['all', 'active', 'expired', 'pending'] as const satisfies readonly AdminDealStatusFilter[];
const DEFAULTS: DealsUrlState = { page: 1, status: 'all', category: 'all', store: 'all', search: '', sort: DEFAULT_SORT };

const idOrAll = (v: string | null) => (v && /^\d+$/.test(v) ? v : 'all');

export function parseDealsUrl(params: URLSearchParams): DealsUrlState {
  const page = Number(params.get('page'));
  const status = params.get('status') ?? 'all';
  const sort = params.get('sort');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: (STATUS_FILTERS as readonly string[]).includes(status) ? (status as AdminDealStatusFilter) : 'all',
    category: idOrAll(params.get('category')),
    store: idOrAll(params.get('store')),
    search: params.get('search')?.trim() ?? '',
    sort: isValidSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** Defaults are left out, so the sidebar links (/admin/deals?status=pending) are exactly the mirrored state. */
export function dealsUrlParams(state: DealsUrlState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.page !== DEFAULTS.page) out.set('page', String(state.page));
  if (state.status !== DEFAULTS.status) out.set('status', state.status);
  if (state.category !== DEFAULTS.category) out.set('category', state.category);
  if (state.store !== DEFAULTS.store) out.set('store', state.store);
  if (state.search) out.set('search', state.search);
  if (state.sort !== DEFAULTS.sort) out.set('sort', state.sort);
  return out;
}

/**
 * The state and a setter that mirrors it with history.replace (no history entries). Any change other than the page
 * itself returns to page 1.
 */
export function useDealsUrlState(): [DealsUrlState, (patch: Partial<DealsUrlState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDealsUrl(params), [params]);
  const update = useCallback(
    (patch: Partial<DealsUrlState>) => {
      setParams(
        (current) => {
          const prev = parseDealsUrl(current);
          const next = { ...prev, ...patch };
          if (!('page' in patch)) next.page = 1;
          return dealsUrlParams(next);
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [state, update];
}
