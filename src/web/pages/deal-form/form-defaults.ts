import type { DealFormInput } from './useDealResolver';

/** The picture read from a pasted link's page, stored as the member's upload. */
export interface LinkImage {
  imageUrl: string;
  thumbnailUrl: string | null;
}

/** An empty form (selects at their placeholder). */
export const EMPTY: DealFormInput = {
  title: '',
  description: '',
  dealUrl: '',
  price: '',
  originalPrice: '',
  categoryId: '' as unknown as number,
  storeId: '' as unknown as number,
  coupon: '',
  hasExpiry: false,
  expiresAt: '',
};
