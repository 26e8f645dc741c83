import sharp from 'sharp';
import type { Harness } from '../../test/harness.js';

/** A small real PNG, for upload tests. */
export const pngBytes = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } }).png().toBuffer();

/** A multipart body with one file field. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----quidsin${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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

/**
 * Inserts a deal straight into the database (no image file needed), for tests about reading, voting and listing.
 * Returns its id.
 */
export async function insertDeal(h: Harness, values: Partial<{
  title: string; description: string; status: string; user_id: number | null; category_id: number; store_id: number; price_pence: number | null;
  original_price_pence: number | null; published_at: string; expires_at: string | null; temperature: number; upvotes: number; downvotes: number;
  hot_score: number; comment_count: number; url: string; image_url: string | null;
}> = {}): Promise<number> {
  const now = new Date().toISOString();
  const row = await h.db.kysely
    .insertInto('deals')
    .values({
      title: 'Test deal',
      description: 'A test deal',
      url: 'https://www.argos.co.uk/product/1',
      image_url: null,
      thumbnail_url: null,
      price_pence: 1000,
      original_price_pence: 2000,
      coupon: null,
      category_id: 1,
      store_id: 1,
      user_id: null,
      status: 'active',
      source: 'test',
      created_at: now,
      updated_at: now,
      published_at: now,
      expires_at: null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
