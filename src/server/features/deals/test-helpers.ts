import type { NewDeal } from '../../db/schema.js';
import type { Harness } from '../../test/harness.js';
import { insertDeal as insertRow } from '../../test/insert-deal.js';
import { multipart, pngBytes } from '../../test/uploads.js';

export { multipart, pngBytes };

export async function uploadDealImage(h: Harness, token: string): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const body = multipart('image', 'photo.png', 'image/png', await pngBytes());
  const res = await h.request({ method: 'POST', url: '/api/deals/upload-image', token, ...body });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const validDealPayload = (image: { imageUrl: string; thumbnailUrl?: string }, overrides: Record<string, unknown> = {}) => ({
  title: 'Ninja Air Fryer AF100UK 3.8L',
  description: 'Great little air fryer, lowest price seen.',
  url: 'https://www.amazon.co.uk/dp/B07N8RQ6W7',
  image_url: image.imageUrl,
  thumbnail_url: image.thumbnailUrl,
  price: 59.99,
  original_price: 99.99,
  category_id: 1,
  store_id: 42,
  coupon: 'SAVE10',
  expires_at: null,
  ...overrides,
});

/** An active deal inserted straight into the database (no image file needed), for tests about reading, voting and listing. */
export const insertDeal = (h: Harness, values: Partial<NewDeal> = {}) =>
  insertRow(h, { title: 'Test deal', description: 'A test deal', url: 'https://www.argos.co.uk/product/1', status: 'active', source: 'test', ...values });
