import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BROWSE_PAGE_SIZE } from '../../shared/domain/constants';
import type { DealPage } from '../../shared/schemas/deals/deals';
import type { StoreDetail } from '../../shared/schemas/catalog/stores';
import { api } from './client';

/** A store's page (docs/notes/community.md). The list of all stores is api/catalog useStores. */
export const storeKeys = {
  detail: (id: number) => ['stores', 'detail', id] as const,
  deals: (id: number, page: number) => ['deals', 'list', 'store', id, page] as const,
};

export function useStoreDetail(id: number | null) {
  return useQuery({
    queryKey: storeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<StoreDetail>(`/stores/${id}`, undefined, signal),
    enabled: id !== null,
    retry: false,
  });
}

/** The store's deals, live ones first and then expired ones, paged like browse. */
export function useStoreDeals(id: number | null, page: number) {
  return useQuery({
    queryKey: storeKeys.deals(id ?? 0, page),
    queryFn: ({ signal }) =>
      api.get<DealPage>('/deals', { store: id, status: 'all', activeFirst: 'true', sort: 'newest', page, pageSize: BROWSE_PAGE_SIZE }, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
