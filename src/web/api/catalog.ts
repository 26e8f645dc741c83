import { useQuery } from '@tanstack/react-query';
import type { Category } from '../../shared/schemas/catalog/categories';
import type { Store } from '../../shared/schemas/catalog/stores';
import { ApiError, api } from './client';

export const catalogKeys = {
  categories: ['categories'] as const,
  stores: ['stores'] as const,
};

export const CATEGORIES_ERROR = 'Failed to fetch categories';
export const STORES_ERROR = 'Failed to fetch stores';

/** Category calls rethrow (SPEC §8 Other), with the spec's message when the server gives none. */
async function fetchList<T>(path: string, fallback: string, signal?: AbortSignal): Promise<T[]> {
  try {
    return await api.get<T[]>(path, undefined, signal);
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError(err instanceof ApiError ? err.status : 0, fallback, err instanceof ApiError ? err.body : null);
  }
}

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => fetchList<Category>('/categories', CATEGORIES_ERROR, signal),
  });
}

export function useStores() {
  return useQuery({
    queryKey: catalogKeys.stores,
    queryFn: ({ signal }) => fetchList<Store>('/stores', STORES_ERROR, signal),
  });
}
