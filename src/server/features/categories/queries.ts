import { sql } from 'kysely';
import type { Category } from '../../../shared/schemas/catalog/categories.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { activeDealsIn, statusSql } from '../deals/index.js';
import { cached } from '../../db/reads/count-cache.js';

export const CATEGORY_NOT_FOUND = 'Category not found';

/** Every category in the spec's order, each with its number of active deals (optionally at one store). */
export function listCategories(db: Db, opts: { storeId?: number } = {}): Promise<Category[]> {
  return cached(db, `categories:${opts.storeId ?? ''}`, false, async () => {
    const now = new Date().toISOString();
    let counts = db.kysely
      .selectFrom('deals as d')
      .select(['d.category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(statusSql('active', now))
      .groupBy('d.category_id');
    if (opts.storeId !== undefined) counts = counts.where('d.store_id', '=', opts.storeId);
    const rows = await db.kysely
      .selectFrom('categories as c')
      .leftJoin(counts.as('n'), 'n.category_id', 'c.id')
      .select(['c.id', 'c.name', 'c.slug', sql<number>`COALESCE(n.n, 0)`.as('deals_count')])
      .orderBy('c.id')
      .execute();
    return rows.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug, dealsCount: Number(r.deals_count) }));
  });
}

export async function findCategory(db: Db, id: number): Promise<Category> {
  const row = await db.kysely.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return { id: Number(row.id), name: row.name, slug: row.slug, dealsCount: await activeDealsIn(db, 'category_id', id) };
}
