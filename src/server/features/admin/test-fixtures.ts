/** Test data for the admin API tests: deals written straight to the database, whatever their status. */
import sharp from 'sharp';
import type { NewDeal } from '../../db/schema.js';
import { DEAL_IMAGE, storeImage } from '../../services/images.js';
import type { Harness } from '../../test/harness.js';

let n = 0;

export async function insertDeal(h: Harness, overrides: Partial<NewDeal> = {}): Promise<number> {
  n += 1;
  const now = new Date().toISOString();
  const row = await h.db.kysely
    .insertInto('deals')
    .values({
      title: `Test deal ${n}`,
      description: `Description of test deal ${n}`,
      url: `https://shop.example/item/${n}`,
      image_url: null,
      thumbnail_url: null,
      price_pence: 1000,
      original_price_pence: 2000,
      coupon: null,
      category_id: 1,
      store_id: 1,
      user_id: null,
      status: 'pending',
      source: 'user',
      created_at: now,
      updated_at: now,
      published_at: now,
      expires_at: null,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A small real PNG. */
export const pngBytes = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();

/** A real stored deal upload (image + thumbnail) under the harness's uploads folder. */
export async function storedDealImage(h: Harness) {
  return storeImage(await pngBytes(), h.config.uploadsDir, 'deals', DEAL_IMAGE);
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----quidsin${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
