import type { z } from 'zod';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import { ADMIN_EDIT_STATUSES, type AdminDealEditInput, type adminDealEditSchema } from '../../../../shared/schemas/admin/admin-deals';

export type FormIn = z.input<typeof adminDealEditSchema>;
export type FormOut = z.output<typeof adminDealEditSchema>;

/** SPEC §5: a loaded deal without numeric store and category ids is treated as invalid. */
export function isEditableDeal(deal: Deal | null | undefined): deal is Deal {
  if (!deal || typeof deal !== 'object') return false;
  const storeId = Number(deal.store?.id ?? deal.storeId);
  const categoryId = Number(deal.category?.id ?? deal.categoryId);
  return Number.isInteger(storeId) && storeId > 0 && Number.isInteger(categoryId) && categoryId > 0;
}

export const toForm = (deal: Deal): FormIn => ({
  title: deal.title ?? '',
  description: deal.description ?? '',
  price: deal.price ?? '',
  originalPrice: deal.originalPrice ?? '',
  url: deal.url ?? deal.dealUrl ?? '',
  coupon: deal.coupon ?? '',
  imageUrl: deal.imageUrl ?? '',
  status: (ADMIN_EDIT_STATUSES as readonly string[]).includes(deal.status) ? (deal.status as FormIn['status']) : 'pending',
  storeId: String(deal.store?.id ?? deal.storeId),
  categoryId: String(deal.category?.id ?? deal.categoryId),
});

/** The PUT /admin/deals/{id} body: the form's values, an empty coupon sent as none. */
export const toUpdate = (v: FormOut): AdminDealEditInput => ({
  title: v.title,
  description: v.description ?? '',
  price: v.price,
  originalPrice: v.originalPrice ?? null,
  url: v.url,
  coupon: v.coupon?.trim() ? v.coupon.trim() : null,
  imageUrl: v.imageUrl,
  status: v.status,
  storeId: v.storeId,
  categoryId: v.categoryId,
});

export function numberOrNull(v: unknown): number | null {
  if (v === '' || v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The deal's own store or category stays selectable even if the list has not loaded it. */
export function withCurrent<T extends { id: number; name: string }>(
  list: T[],
  current: { id: number; name: string } | undefined,
): Array<{ id: number; name: string }> {
  if (!current || list.some((x) => x.id === current.id)) return list;
  return [current, ...list];
}
