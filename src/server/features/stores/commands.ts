import type { Store, StoreInput } from '../../../shared/schemas/stores.js';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../http/errors.js';
import { LOGO_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { changedFields, logModeration } from '../moderation/index.js';
import { assertNoDealsIn } from '../deals/index.js';
import { invalidateDealCounts } from '../../db/count-cache.js';
import { transactionOrConflict } from '../../db/unique.js';
import { findStore, STORE_NOT_FOUND } from './queries.js';

export const STORE_HAS_DEALS = 'Cannot delete store with deals';
const NAME_TAKEN = 'A store with this name already exists';
const nameTaken = () => conflict(NAME_TAKEN, 'name');
const nameKey = (name: string) => name.trim().toLowerCase();

const normalise = (input: StoreInput) => ({ name: input.name.trim(), url: input.url ? input.url.trim() : null });

export async function createStore(db: Db, input: StoreInput, actorId: number | null): Promise<Store> {
  const now = new Date().toISOString();
  const values = normalise(input);
  const id = await transactionOrConflict(db, nameTaken, async (trx) => {
    const row = await trx
      .insertInto('stores')
      .values({ ...values, name_key: nameKey(values.name), logo_url: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logModeration(trx, { actorId, action: 'create', entityType: 'store', entityId: Number(row.id), entityTitle: values.name, after: values });
    return Number(row.id);
  });
  invalidateDealCounts(db);
  return findStore(db, id);
}

export async function updateStore(db: Db, id: number, input: StoreInput, actorId: number | null): Promise<Store> {
  const after = normalise(input);
  await transactionOrConflict(db, nameTaken, async (trx) => {
    const before = await trx.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(STORE_NOT_FOUND);
    await trx
      .updateTable('stores')
      .set({ ...after, name_key: nameKey(after.name), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await logModeration(trx, { actorId, action: 'edit', entityType: 'store', entityId: id, entityTitle: after.name, ...changedFields(before, after) });
  });
  invalidateDealCounts(db);
  return findStore(db, id);
}

/** Refused while any deal (in any status) still belongs to the store. The logo file goes with it. */
export async function deleteStore(db: Db, uploadsDir: string | null, id: number, actorId: number | null): Promise<void> {
  const logo = await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(STORE_NOT_FOUND);
    await assertNoDealsIn(trx, 'store_id', id, STORE_HAS_DEALS);
    await trx.deleteFrom('stores').where('id', '=', id).execute();
    await logModeration(trx, {
      actorId,
      action: 'delete',
      entityType: 'store',
      entityId: id,
      entityTitle: before.name,
      before: { name: before.name, url: before.url },
    });
    return before.logo_url;
  });
  invalidateDealCounts(db);
  if (uploadsDir && logo?.startsWith('/uploads/stores/')) await removeUpload(uploadsDir, logo);
}

/** Stores a re-encoded logo (SPEC §5: image only, 1MB, checked by the route) and replaces the old file. */
export async function setStoreLogo(db: Db, uploadsDir: string, id: number, image: Buffer, actorId: number | null): Promise<Store> {
  const before = await db.kysely.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound(STORE_NOT_FOUND);
  const stored = await storeImage(image, uploadsDir, 'stores', LOGO_IMAGE);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('stores').set({ logo_url: stored.url, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    await logModeration(trx, {
      actorId,
      action: 'edit',
      entityType: 'store',
      entityId: id,
      entityTitle: before.name,
      before: { logoUrl: before.logo_url },
      after: { logoUrl: stored.url },
    });
  });
  invalidateDealCounts(db);
  if (before.logo_url?.startsWith('/uploads/stores/')) await removeUpload(uploadsDir, before.logo_url);
  return findStore(db, id);
}
