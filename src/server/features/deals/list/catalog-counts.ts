import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { conflict } from '../../../http/errors.js';
import { statusSql } from './browse-filters.js';

/** The deals column that points at a catalog item: its category or its store. */
type CatalogColumn = 'category_id' | 'store_id';

/** The active deals (the public rule, at this moment) in one category or at one store: a catalog item's dealsCount. */
export async function activeDealsIn(db: Db, column: CatalogColumn, id: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('deals as d')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(`d.${column}`, '=', id)
    .where(statusSql('active', new Date().toISOString()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refuses (409 `message`) while any deal, in any status, is still in the category or at the store. */
export async function assertNoDealsIn(db: Kysely<Database> | Transaction<Database>, column: CatalogColumn, id: number, message: string): Promise<void> {
  const used = await db.selectFrom('deals').select('id').where(column, '=', id).limit(1).executeTakeFirst();
  if (used) throw conflict(message);
}
