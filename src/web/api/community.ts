import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DealPage } from '../../shared/schemas/deals';
import type { MemberProfile } from '../../shared/schemas/members';
import type { StoreDetail } from '../../shared/schemas/stores';
import { api } from './client';

/** Shop and member pages (issue 17, docs/notes/community.md). The list of all shops is api/catalog useStores. */
export const communityKeys = {
  store: (id: number) => ['stores', 'detail', id] as const,
  storeDeals: (id: number, page: number) => ['deals', 'list', 'store', id, page] as const,
  member: (username: string) => ['members', username.toLowerCase()] as const,
};

export const STORE_DEALS_PAGE_SIZE = 30;

export function useStoreDetail(id: number | null) {
  return useQuery({
    queryKey: communityKeys.store(id ?? 0),
    queryFn: ({ signal }) => api.get<StoreDetail>(`/stores/${id}`, undefined, signal),
    enabled: id !== null,
    retry: false,
  });
}

/** The shop's deals, live ones first and then expired ones, paged like browse. */
export function useStoreDeals(id: number | null, page: number) {
  return useQuery({
    queryKey: communityKeys.storeDeals(id ?? 0, page),
    queryFn: ({ signal }) =>
      api.get<DealPage>('/deals', { store: id, status: 'all', activeFirst: 'true', sort: 'newest', page, pageSize: STORE_DEALS_PAGE_SIZE }, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useMemberProfile(username: string) {
  return useQuery({
    queryKey: communityKeys.member(username),
    queryFn: ({ signal }) => api.get<MemberProfile>(`/members/${encodeURIComponent(username)}`, undefined, signal),
    enabled: username !== '',
    retry: false,
  });
}
