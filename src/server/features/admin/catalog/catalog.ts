import type { Category } from '../../../../shared/schemas/catalog/categories.js';
import type { Store } from '../../../../shared/schemas/catalog/stores.js';
import type { Db } from '../../../db/connection.js';
import { cached } from '../../../db/reads/count-cache.js';

type RefColumn = 'category_id' | 'store_id';

/**
 * Deals per category or store in ANY status. The public lists count active deals; the back office needs every deal,
 * because a category or store cannot be deleted while any deal (pending included) still uses it, and the screens
 * disable Delete on dealsCount > 0. One grouped count on the column's leading index, cached until the next deal write.
 */
function allStatusCounts(db: Db, column: RefColumn): Promise<Map<number, number>> {
  return cached(db, `admin:${column}:counts`, false, async () => {
    const rows = await db.kysely
      .selectFrom('deals')
      .select([column, (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(column)
      .execute();
    return new Map(rows.map((r) => [Number((r as Record<RefColumn, number>)[column]), Number(r.n)]));
  });
}

export async function dealsCountOf(db: Db, column: RefColumn, id: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function withAllDealsCount<T extends Category | Store>(db: Db, column: RefColumn, items: T[]): Promise<T[]> {
  const counts = await allStatusCounts(db, column);
  return items.map((item) => ({ ...item, dealsCount: counts.get(item.id) ?? 0 }));
}
