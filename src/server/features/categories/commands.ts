import type { Category, CategoryInput } from '../../../shared/schemas/catalog/categories.js';
import type { Db } from '../../db/connection.js';
import { conflict } from '../../http/errors.js';
import { catalogKind, createCatalogRow, deleteCatalogRow, updateCatalogRow } from '../catalog/index.js';
import { CATEGORY_NOT_FOUND, findCategory } from './queries.js';

export const CATEGORY_HAS_DEALS = 'Cannot delete category with deals';
const SLUG_TAKEN = 'A category with this slug already exists';

const CATEGORY = catalogKind('categories', CATEGORY_NOT_FOUND, CATEGORY_HAS_DEALS, () => conflict(SLUG_TAKEN, 'slug'));

const change = (input: CategoryInput) => ({ logged: { name: input.name, slug: input.slug } });

export async function createCategory(db: Db, input: CategoryInput, actorId: number | null): Promise<Category> {
  return findCategory(db, await createCatalogRow(db, CATEGORY, change(input), actorId));
}

export async function updateCategory(db: Db, id: number, input: CategoryInput, actorId: number | null): Promise<Category> {
  await updateCatalogRow(db, CATEGORY, id, change(input), actorId);
  return findCategory(db, id);
}

/** Refused while any deal (in any status) still belongs to the category. */
export async function deleteCategory(db: Db, id: number, actorId: number | null): Promise<void> {
  await deleteCatalogRow(db, CATEGORY, id, (before) => ({ name: before.name, slug: before.slug }), actorId);
}
