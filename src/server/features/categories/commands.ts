import type { Category, CategoryInput } from '../../../shared/schemas/categories.js';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../http/errors.js';
import { changedFields, logModeration } from '../moderation/index.js';
import { assertNoDealsIn } from '../deals/index.js';
import { invalidateDealCounts } from '../../db/count-cache.js';
import { transactionOrConflict } from '../../db/unique.js';
import { CATEGORY_NOT_FOUND, findCategory } from './queries.js';

export const CATEGORY_HAS_DEALS = 'Cannot delete category with deals';
const SLUG_TAKEN = 'A category with this slug already exists';
const slugTaken = () => conflict(SLUG_TAKEN, 'slug');

export async function createCategory(db: Db, input: CategoryInput, actorId: number | null): Promise<Category> {
  const now = new Date().toISOString();
  const id = await transactionOrConflict(db, slugTaken, async (trx) => {
    const row = await trx
      .insertInto('categories')
      .values({ name: input.name, slug: input.slug, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logModeration(trx, { actorId, action: 'create', entityType: 'category', entityId: Number(row.id), entityTitle: input.name, after: input });
    return Number(row.id);
  });
  invalidateDealCounts(db);
  return findCategory(db, id);
}

export async function updateCategory(db: Db, id: number, input: CategoryInput, actorId: number | null): Promise<Category> {
  await transactionOrConflict(db, slugTaken, async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(CATEGORY_NOT_FOUND);
    const after = { name: input.name, slug: input.slug };
    await trx
      .updateTable('categories')
      .set({ ...after, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await logModeration(trx, { actorId, action: 'edit', entityType: 'category', entityId: id, entityTitle: input.name, ...changedFields(before, after) });
  });
  invalidateDealCounts(db);
  return findCategory(db, id);
}

/** Refused while any deal (in any status) still belongs to the category. */
export async function deleteCategory(db: Db, id: number, actorId: number | null): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(CATEGORY_NOT_FOUND);
    await assertNoDealsIn(trx, 'category_id', id, CATEGORY_HAS_DEALS);
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await logModeration(trx, {
      actorId,
      action: 'delete',
      entityType: 'category',
      entityId: id,
      entityTitle: before.name,
      before: { name: before.name, slug: before.slug },
    });
  });
  invalidateDealCounts(db);
}
