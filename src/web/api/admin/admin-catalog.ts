import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminCategoryList, AdminCategoryReply, Category, CategoryInput } from '../../../shared/schemas/catalog/categories';
import type { AdminStoreList, AdminStoreReply, Store, StoreInput } from '../../../shared/schemas/catalog/stores';
import type { DeletedReply } from '../../../shared/schemas/common';
import { adminKeys, useInvalidateCatalog } from './admin';
import { api, errorMessage } from '../client';

/** The admin category and store lists (SPEC §7: read from data.categories / data.stores) and their changes. */

export const useAdminCategories = () =>
  useQuery({ queryKey: adminKeys.categories, queryFn: async () => (await api.get<AdminCategoryList>('/admin/categories')).categories, staleTime: 0 });

export const useAdminStores = () =>
  useQuery({ queryKey: adminKeys.stores, queryFn: async () => (await api.get<AdminStoreList>('/admin/stores')).stores, staleTime: 0 });

/** Create (id null) or update one row. */
export interface CatalogSave<V> {
  id: number | null;
  values: V;
}

/**
 * A save that went through, with the text of a follow-up that then failed (a store's logo upload): the row exists
 * either way, so the caller closes its form and reports the follow-up instead of the success.
 */
export interface CatalogSaved<T> {
  item: T;
  followUpError: string | null;
}

/** Every catalog change makes the admin lists and the public filter lists stale. */
function useCatalogMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) {
  const invalidate = useInvalidateCatalog();
  return useMutation({ mutationFn, onSuccess: invalidate });
}

export const useSaveCategory = () =>
  useCatalogMutation(async ({ id, values }: CatalogSave<CategoryInput>): Promise<CatalogSaved<Category>> => {
    const reply = id ? await api.put<AdminCategoryReply>(`/admin/categories/${id}`, values) : await api.post<AdminCategoryReply>('/admin/categories', values);
    return { item: reply.category, followUpError: null };
  });

export const useDeleteCategory = () => useCatalogMutation((id: number) => api.delete<DeletedReply>(`/admin/categories/${id}`));

export type StoreValues = StoreInput & { logo: File | null };

/** Saves the store, then uploads the chosen logo to it (a new store needs its id first). */
export const useSaveStore = () =>
  useCatalogMutation(async ({ id, values: { logo, ...values } }: CatalogSave<StoreValues>): Promise<CatalogSaved<Store>> => {
    const { store } = id ? await api.put<AdminStoreReply>(`/admin/stores/${id}`, values) : await api.post<AdminStoreReply>('/admin/stores', values);
    if (!logo) return { item: store, followUpError: null };
    try {
      return { item: await api.upload<Store>(`/stores/${store.id}/upload-logo`, 'logo', logo), followUpError: null };
    } catch (err) {
      return { item: store, followUpError: errorMessage(err, 'Error uploading logo') };
    }
  });

export const useDeleteStore = () => useCatalogMutation((id: number) => api.delete<DeletedReply>(`/admin/stores/${id}`));

/** A shop a member named, confirmed as it is (docs/notes/posting.md). */
export const useConfirmStore = () => useCatalogMutation((id: number) => api.post<AdminStoreReply>(`/admin/stores/${id}/confirm`));

/** A shop merged into another: its deals move there and it goes. */
export const useMergeStore = () =>
  useCatalogMutation(({ id, intoId }: { id: number; intoId: number }) =>
    api.post<{ id: number; intoId: number; moved: number }>(`/admin/stores/${id}/merge`, { intoId }),
  );
