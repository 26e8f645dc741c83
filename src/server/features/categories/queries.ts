import { sql } from 'kysely';
import type { Category } from '../../../shared/api.js';
import type { CategoryInput } from '../../../shared/schemas/catalog.js';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../http/errors.js';
import { changedFields, logModeration } from '../admin/moderation-log.js';
import { statusSql } from '../deals/browse-filters.js';
import { cached, invalidateDealCounts } from '../deals/count-cache.js';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_HAS_DEALS = 'Cannot delete category with deals';
const SLUG_TAKEN = 'A category with this slug already exists';

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

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

async function findCategory(db: Db, id: number): Promise<Category> {
  const row = await db.kysely.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  const count = await db.kysely
    .selectFrom('deals as d')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('d.category_id', '=', id)
    .where(statusSql('active', new Date().toISOString()))
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), name: row.name, slug: row.slug, dealsCount: Number(count.n) };
}

export async function createCategory(db: Db, input: CategoryInput, actorId: number | null): Promise<Category> {
  const now = new Date().toISOString();
  const id = await db.kysely
    .transaction()
    .execute(async (trx) => {
      const row = await trx.insertInto('categories').values({ name: input.name, slug: input.slug, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      await logModeration(trx, { actorId, action: 'create', entityType: 'category', entityId: Number(row.id), entityTitle: input.name, after: input });
      return Number(row.id);
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN, 'slug');
      throw err;
    });
  invalidateDealCounts(db);
  return findCategory(db, id);
}

export async function updateCategory(db: Db, id: number, input: CategoryInput, actorId: number | null): Promise<Category> {
  await db.kysely
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound(CATEGORY_NOT_FOUND);
      const after = { name: input.name, slug: input.slug };
      await trx.updateTable('categories').set({ ...after, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
      await logModeration(trx, { actorId, action: 'edit', entityType: 'category', entityId: id, entityTitle: input.name, ...changedFields(before, after) });
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(SLUG_TAKEN, 'slug');
      throw err;
    });
  invalidateDealCounts(db);
  return findCategory(db, id);
}

/** Refused while any deal (in any status) still belongs to the category. */
export async function deleteCategory(db: Db, id: number, actorId: number | null): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(CATEGORY_NOT_FOUND);
    const used = await trx.selectFrom('deals').select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict(CATEGORY_HAS_DEALS);
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await logModeration(trx, { actorId, action: 'delete', entityType: 'category', entityId: id, entityTitle: before.name, before: { name: before.name, slug: before.slug } });
  });
  invalidateDealCounts(db);
}
