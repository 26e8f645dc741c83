import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PENDING_DEAL_MESSAGE } from '../../../shared/domain/constants';
import type { Deal, DealPage } from '../../../shared/schemas/deals/deals';
import type { VoteResult } from '../../../shared/schemas/deals/votes';
import { toast } from '../../lib/toast/toast';
import { ApiError, api, errorMessage } from '../client';

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
  /** The search as typed, without near spellings. */
  exact?: boolean;
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
    exact: p.exact && p.search?.trim() ? 'true' : undefined,
  };
}

export const DEAL_LIST_ERROR = 'There was an error loading the deals. Please try again.';

/** A page of deals (key and fetch), for useDealList and for app/first-screen.ts's early start. */
export const dealListQuery = (params: DealListParams) =>
  queryOptions({
    queryKey: dealKeys.list(params),
    queryFn: ({ signal }) => api.get<DealPage>('/deals', toListQuery(params), signal),
  });

export function useDealList(params: DealListParams) {
  return useQuery({
    ...dealListQuery(params),
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

/** GET /deals/{id} with the fetch-deal rules of SPEC §8. */
export async function fetchDeal(id: number, signal?: AbortSignal): Promise<Deal> {
  let deal: Deal | null;
  try {
    deal = await api.get<Deal | null>(`/deals/${id}`, undefined, signal);
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.body?.isPendingDeal) throw new DealLoadError('pending', err.message || PENDING_DEAL_MESSAGE, err.status);
      if (err.status === 404) throw new DealLoadError('not-found', err.message, 404);
      throw new DealLoadError('error', errorMessage(err, 'Failed to load deal details'), err.status);
    }
    throw err;
  }
  // Only a reply that breaks the contract gets here; SPEC §8 names it apart from a deal that does not exist.
  if (deal === null || deal === undefined) throw new DealLoadError('error', 'No data received from API');
  if (typeof deal !== 'object' || !Number.isInteger(deal.id) || typeof deal.title !== 'string') {
    throw new DealLoadError('error', 'Invalid deal data format returned from API');
  }
  return deal;
}

/** One deal (key and fetch), for useDeal and for app/first-screen.ts's early start. */
export const dealQuery = (id: number) =>
  queryOptions({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) => fetchDeal(id, signal),
  });

export function useDeal(id: number | null) {
  return useQuery({ ...dealQuery(id ?? 0), enabled: id !== null });
}

/** SPEC §8 Other: the home rows and related deals show nothing rather than an error; the failure is logged. */
export async function listOrEmpty(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<Deal[]> {
  try {
    return await api.get<Deal[]>(path, query, signal);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    console.error(`GET ${path} failed`, err);
    return [];
  }
}

/** A home row (key and fetch): the home page and app/first-screen.ts's early start read it (pages/home/home-queries.ts). */
export const dealRowQuery = (kind: DealRowKind, limit: number) =>
  queryOptions({
    queryKey: dealKeys.row(kind, limit),
    queryFn: ({ signal }) => listOrEmpty(`/deals/${kind}`, { limit }, signal),
  });

/** Replaces one deal wherever it sits in a cached answer: a deal, a list, or a page's `deals` / `items`. */
function patchDeal(data: unknown, id: number, apply: (deal: Deal) => Deal): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchDeal(item, id, apply);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (!data || typeof data !== 'object') return data;
  const obj = data as Record<string, unknown>;
  if (obj.id === id && typeof obj.temperature === 'number' && typeof obj.title === 'string') return apply(obj as unknown as Deal);
  for (const key of ['deals', 'items']) {
    if (!Array.isArray(obj[key])) continue;
    const next = patchDeal(obj[key], id, apply);
    if (next !== obj[key]) return { ...obj, [key]: next };
  }
  return data;
}

/**
 * Updates a deal in every cached list and page at once (browse, home rows, latest deals, saved deals, related deals, a
 * shop's or member's deals, the deal page), so the change shows in place without a refetch reordering the list.
 */
export function patchDealEverywhere(qc: QueryClient, id: number, apply: (deal: Deal) => Deal) {
  for (const query of qc.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = patchDeal(data, id, apply);
    if (next !== data) qc.setQueryData(query.queryKey, next);
  }
}

type VoteFields = Pick<Deal, 'temperature' | 'totalVotes' | 'upvotes' | 'downvotes' | 'userVote'>;

/**
 * A vote from a card or a list row (docs/notes/web-everyday.md): the same one-vote rule as the deal page (the caller checks sign-in,
 * own deal and an earlier vote first). The temperature moves at once, then takes the server's figures from the reply;
 * a refusal puts the old figures back and shows the server's message (SPEC §8 Vote).
 */
export function useListVote(dealId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (voteType: 1 | -1) => api.post<VoteResult>('/votes', { dealId, voteType }),
    onMutate: (voteType) => {
      let before: VoteFields | null = null;
      patchDealEverywhere(qc, dealId, (d) => {
        before ??= { temperature: d.temperature, totalVotes: d.totalVotes, upvotes: d.upvotes, downvotes: d.downvotes, userVote: d.userVote };
        const up = voteType === 1;
        return { ...d, userVote: voteType, temperature: d.temperature + voteType, upvotes: d.upvotes + (up ? 1 : 0), downvotes: d.downvotes + (up ? 0 : 1) };
      });
      return { before };
    },
    onSuccess: (r) =>
      patchDealEverywhere(qc, dealId, (d) => ({
        ...d,
        temperature: r.totalVotes,
        totalVotes: r.totalVotes,
        userVote: r.voteType,
        upvotes: r.upvotes,
        downvotes: r.downvotes,
      })),
    onError: (err, _voteType, context) => {
      const before = context?.before as VoteFields | null | undefined;
      if (before) patchDealEverywhere(qc, dealId, (d) => ({ ...d, ...before, userVote: before.userVote }));
      toast.error(errorMessage(err, 'Failed to vote'));
    },
  });
}
