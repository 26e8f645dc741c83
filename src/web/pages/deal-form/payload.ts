import { format } from 'date-fns';
import type { DealCreateInput } from '../../../shared/schemas/deals/deals';

/** The deal form's values after the shared dealFormSchema has parsed them. */
export interface DealFormValues {
  title: string;
  description: string;
  dealUrl: string;
  price: number;
  originalPrice: number;
  categoryId: number;
  storeId: number;
  coupon?: string;
  hasExpiry: boolean;
  expiresAt?: string;
}

/** ISO timestamp -> the value a datetime-local input shows (local time, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : format(d, "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local value (local time) -> ISO-8601 UTC, as the API speaks. */
export function fromLocalInput(value: string | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The snake_case creation payload of SPEC §3. The expiry is sent only while the toggle is on; `keepExpiry` carries an
 * unchanged stored expiry through untouched (the edit form shows it to the minute, the server compares it exactly).
 */
export function toDealPayload(
  v: DealFormValues,
  image: { imageUrl: string; thumbnailUrl: string | null },
  keepExpiry?: { local: string; iso: string },
): DealCreateInput {
  let expires: string | null = null;
  if (v.hasExpiry && v.expiresAt) expires = keepExpiry && keepExpiry.local === v.expiresAt ? keepExpiry.iso : fromLocalInput(v.expiresAt);
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    url: v.dealUrl.trim(),
    image_url: image.imageUrl,
    thumbnail_url: image.thumbnailUrl,
    price: v.price,
    original_price: v.originalPrice,
    category_id: v.categoryId,
    store_id: v.storeId,
    coupon: v.coupon?.trim() ? v.coupon.trim() : null,
    expires_at: expires,
  };
}

/** Server field names (snake_case payload) -> the form's fields, to show a refusal next to its input. */
export const SERVER_FIELD: Record<string, keyof DealFormValues> = {
  title: 'title',
  description: 'description',
  url: 'dealUrl',
  price: 'price',
  original_price: 'originalPrice',
  category_id: 'categoryId',
  store_id: 'storeId',
  coupon: 'coupon',
  expires_at: 'expiresAt',
};
