import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';

export interface RefMessages {
  category: [message: string, field: string];
  store: [message: string, field: string];
}

/** The member form's wording (SPEC §5 post deal). */
export const MEMBER_REF_MESSAGES: RefMessages = { category: ['Please select a category', 'category_id'], store: ['Please select a store', 'store_id'] };
/** The admin forms' wording, with the field names of the payload they came in. */
export const adminRefMessages = (category: string, store: string): RefMessages => ({
  category: ['Category not found', category],
  store: ['Store not found', store],
});

/** A deal's category and store must exist: checked before any write, with the caller's wording. */
export async function assertCatalogRefs(
  db: Kysely<Database> | Transaction<Database>,
  categoryId: number,
  storeId: number,
  messages: RefMessages,
): Promise<void> {
  const [category, store] = await Promise.all([
    db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst(),
    db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst(),
  ]);
  if (!category) throw badRequest(...messages.category);
  if (!store) throw badRequest(...messages.store);
}
