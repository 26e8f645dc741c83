import type { NewDeal } from '../../db/schema.js';
import type { Harness } from '../harness.js';
import { insertDeal as insertRow } from './insert-deal.js';
import { multipart, pngBytes } from './uploads.js';

export { multipart, pngBytes };

export async function uploadDealImage(h: Harness, token: string): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const body = multipart('image', 'photo.png', 'image/png', await pngBytes());
  const res = await h.request({ method: 'POST', url: '/api/deals/upload-image', token, ...body });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

let product = 0;

/** A valid member payload. Each call names another Amazon product: a repeat of an active deal's product is refused (docs/notes/products.md). */
export const validDealPayload = (image: { imageUrl: string; thumbnailUrl?: string }, overrides: Record<string, unknown> = {}) => ({
  title: 'Ninja Air Fryer AF100UK 3.8L',
  description: 'Great little air fryer, lowest price seen.',
  url: `https://www.amazon.co.uk/dp/B07N8R${String(++product).padStart(4, '0')}`,
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

/**
 * The query-plan tests' twelve deals: spread over categories 1-4 and stores 2 and 42, priced 0 to 110, all active but
 * the sixth (expired) and the fourth (lapsed an hour ago), so every browse filter has rows to choose from. `vary(i)`
 * sets or replaces columns of deal i (from 0). Returns the ids in order.
 */
export async function insertPlanDeals(h: Harness, vary: (i: number) => Partial<NewDeal>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    ids.push(
      await insertDeal(h, {
        category_id: (i % 4) + 1,
        store_id: i % 3 ? 42 : 2,
        price_pence: i * 1000,
        status: i === 5 ? 'expired' : 'active',
        expires_at: i === 3 ? new Date(Date.now() - 3_600_000).toISOString() : null,
        ...vary(i),
      }),
    );
  }
  return ids;
}

/**
 * What both query-plan tests (SQLite and PostgreSQL) explain: a member, the twelve plan deals (alternating titles for
 * the searches, rising temperatures, published an hour apart, the first the member's own), a vote and a comment of
 * the member on each, and one saved deal. Returns the member's token.
 */
export async function seedPlanFixture(h: Harness): Promise<string> {
  const member = await h.createUser();
  const ids = await insertPlanDeals(h, (i) => ({
    title: i % 2 ? 'LEGO Technic set' : 'Samsung TV air fryer coffee',
    temperature: i * 5,
    published_at: new Date(Date.now() - i * 3_600_000).toISOString(),
    user_id: i === 0 ? member.id : null,
  }));
  const at = () => new Date().toISOString();
  for (const id of ids) {
    await h.db.kysely.insertInto('votes').values({ deal_id: id, user_id: member.id, vote_type: 1, created_at: at() }).execute();
    await h.db.kysely.insertInto('comments').values({ deal_id: id, user_id: member.id, text: 'hi', created_at: at() }).execute();
  }
  await h.db.kysely.insertInto('saved_deals').values({ deal_id: ids[1], user_id: member.id, created_at: at() }).execute();
  return member.token;
}
