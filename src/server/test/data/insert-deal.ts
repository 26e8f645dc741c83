/** A deal row written straight to the database, whatever its status: no image file, no policy, no cache drop. */
import type { NewDeal } from '../../db/schema.js';
import type { Harness } from '../harness.js';

let n = 0;

/** Inserts a pending member deal with a unique title and URL; `values` replaces any column. Returns its id. A harness
 * or any holder of the database (the benchmarks) will do. */
export async function insertDeal(h: { db: Pick<Harness['db'], 'kysely'> }, values: Partial<NewDeal> = {}): Promise<number> {
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
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
