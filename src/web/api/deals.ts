import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deal, DealPage, UploadResult, VoteResult } from '../../shared/api';
import type { DealCreateInput } from '../../shared/schemas/deals';
import { RELATED_DEALS_LIMIT } from '../lib/constants';
import { ApiError, api, errorMessage, unwrapList } from './client';

/** The browse filters as the API takes them (SPEC §7 GET /deals). */
export interface DealListParams {
  search?: string;
  category?: number;
  store?: number;
  status?: 'active' | 'expired' | 'all';
  sort?: string;
  page?: number;
  pageSize?: number;
  minPrice?: number;
  maxPrice?: number;
  dealType?: string[];
}

export type DealRowKind = 'trending' | 'newest' | 'getting-warm' | 'most-commented';

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => ['deals', 'list'] as const,
  list: (p: DealListParams) => ['deals', 'list', p] as const,
  detail: (id: number) => ['deals', 'detail', id] as const,
  row: (kind: DealRowKind, limit: number) => ['deals', 'row', kind, limit] as const,
  related: (dealId: number, categoryId: number) => ['deals', 'related', dealId, categoryId] as const,
};

/**
 * SPEC §5 Browse query rules: search only when non-empty, category/store 'all' absent. Deal types travel as one comma
 * list. Status 'all' IS sent: this API reads a missing status as 'active' (shared dealListQuerySchema), so leaving it
 * out, as the spec's older client did, would hide expired deals.
 */
export function toListQuery(p: DealListParams) {
  return {
    search: p.search?.trim() || undefined,
    category: p.category,
    store: p.store,
    status: p.status,
    sort: p.sort,
    page: p.page,
    pageSize: p.pageSize,
    minPrice: p.minPrice,
    maxPrice: p.maxPrice,
    dealType: p.dealType?.length ? p.dealType.join(',') : undefined,
  };
}

export const DEAL_LIST_ERROR = 'There was an error loading the deals. Please try again.';

export function useDealList(params: DealListParams) {
  return useQuery({
    queryKey: dealKeys.list(params),
    queryFn: ({ signal }) => api.get<DealPage>('/deals', toListQuery(params), signal),
    // Keeps the current results on screen while the next filter combination loads (no layout jump).
    placeholderData: keepPreviousData,
  });
}

/** Why a deal could not be shown: the three failure states of SPEC §2 Deal detail. */
export class DealLoadError extends Error {
  constructor(
    public readonly kind: 'pending' | 'not-found' | 'error',
    message: string,
    public readonly status = 0,
  ) {
    super(message);
  }
}

export const PENDING_DEAL_DEFAULT = 'No such active deal currently';

/** GET /deals/{id} with the fetch-deal rules of SPEC §8. */
export async function fetchDeal(id: number, signal?: AbortSignal): Promise<Deal> {
  let data: unknown;
  try {
    data = await api.get<unknown>(`/deals/${id}`, undefined, signal);
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.body?.isPendingDeal) throw new DealLoadError('pending', err.message || PENDING_DEAL_DEFAULT, err.status);
      if (err.status === 404) throw new DealLoadError('not-found', err.message, 404);
      throw new DealLoadError('error', errorMessage(err, 'Failed to load deal details'), err.status);
    }
    throw err;
  }
  if (data === null || data === undefined || (Array.isArray(data) && data.length === 0)) {
    throw new DealLoadError('error', 'No data received from API');
  }
  const raw = (Array.isArray(data) ? data[0] : (data as { deal?: unknown }).deal ?? data) as Deal & { id: number | string };
  // SPEC §3: the id may arrive as text and is parsed.
  const parsedId = typeof raw?.id === 'string' ? Number.parseInt(raw.id, 10) : raw?.id;
  if (!raw || typeof raw !== 'object' || !Number.isInteger(parsedId) || typeof raw.title !== 'string') {
    throw new DealLoadError('error', 'Invalid deal data format returned from API');
  }
  return { ...raw, id: parsedId as number };
}

export function useDeal(id: number | null) {
  return useQuery({
    queryKey: dealKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchDeal(id as number, signal),
    enabled: id !== null,
  });
}

/** SPEC §8 Other: the home rows and related deals show nothing rather than an error; the failure is logged. */
async function listOrEmpty(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<Deal[]> {
  try {
    return unwrapList<Deal>(await api.get<unknown>(path, query, signal), 'deals');
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    console.error(`GET ${path} failed`, err);
    return [];
  }
}

export function useDealRow(kind: DealRowKind, limit: number) {
  return useQuery({
    queryKey: dealKeys.row(kind, limit),
    queryFn: ({ signal }) => listOrEmpty(`/deals/${kind}`, { limit }, signal),
  });
}

export function useRelatedDeals(deal: Pick<Deal, 'id' | 'categoryId'> | undefined) {
  return useQuery({
    queryKey: dealKeys.related(deal?.id ?? 0, deal?.categoryId ?? 0),
    queryFn: ({ signal }) =>
      listOrEmpty(
        '/deals/related',
        { category: deal?.categoryId, excludeDealId: deal?.id, status: 'active', sort: 'hottest', limit: RELATED_DEALS_LIMIT },
        signal,
      ),
    enabled: !!deal,
  });
}

/** The created deal may come back bare or wrapped as { deal }. */
const dealFrom = (data: unknown): Deal => ((data as { deal?: Deal })?.deal ?? data) as Deal;

export function useUploadDealImage() {
  return useMutation({ mutationFn: (file: File) => api.upload<UploadResult>('/deals/upload-image', 'image', file) });
}

export function useCreateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (payload: DealCreateInput) => dealFrom(await api.post<unknown>('/deals', payload)),
    onSuccess: () => qc.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

export function useUpdateDeal(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (payload: DealCreateInput) => dealFrom(await api.put<unknown>(`/deals/${id}`, payload)),
    onSuccess: (deal) => {
      if (deal && typeof deal === 'object' && 'id' in deal) qc.setQueryData(dealKeys.detail(id), deal);
      return qc.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
}

export function useDeleteDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/deals/${id}`),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: dealKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: dealKeys.all });
    },
  });
}

/** SPEC §4: a successful vote sets temperature to totalVotes and userVote to voteType. */
export function useVote(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (voteType: 1 | -1) => api.post<VoteResult>('/votes', { dealId, voteType }),
    onSuccess: (result) => {
      qc.setQueryData<Deal>(dealKeys.detail(dealId), (old) =>
        old
          ? {
              ...old,
              temperature: result.totalVotes,
              totalVotes: result.totalVotes,
              userVote: result.voteType,
              upvotes: result.upvotes ?? old.upvotes,
              downvotes: result.downvotes ?? old.downvotes,
            }
          : old,
      );
      qc.invalidateQueries({ queryKey: dealKeys.lists() });
      qc.invalidateQueries({ queryKey: ['deals', 'row'] });
    },
  });
}

/** Save toggles between saved and not saved (SPEC §4). */
export function useToggleSave(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (save: boolean) => {
      if (save) await api.post<unknown>(`/deals/${dealId}/save`);
      else await api.delete<unknown>(`/deals/${dealId}/save`);
      return save;
    },
    onSuccess: (saved) => {
      qc.setQueryData<Deal>(dealKeys.detail(dealId), (old) => (old ? { ...old, isSaved: saved } : old));
      // Other screens (saved deals) read these lists.
      qc.invalidateQueries({ queryKey: ['saved-deals'] });
    },
  });
}
