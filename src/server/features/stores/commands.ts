import type { Store, StoreInput } from '../../../shared/schemas/catalog/stores.js';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../http/errors.js';
import { catalogKind, createCatalogRow, deleteCatalogRow, updateCatalogRow } from '../catalog/index.js';
import { LOGO_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { logModeration } from '../moderation/index.js';
import { invalidateDealCounts } from '../../db/reads/count-cache.js';
import { findStore, STORE_NOT_FOUND } from './queries.js';
import { shopHost, shopNameKey } from '../../../shared/domain/shops/shop-domain.js';

export const STORE_HAS_DEALS = 'Cannot delete store with deals';
const NAME_TAKEN = 'A store with this name already exists';

const STORE = catalogKind('stores', STORE_NOT_FOUND, STORE_HAS_DEALS, () => conflict(NAME_TAKEN, 'name'));

/** The logged fields, and name_key: the lower-cased name the unique index compares. */
function change(input: StoreInput) {
  const name = input.name.trim();
  const url = input.url ? input.url.trim() : null;
  // A site's host is what pasted links are matched on; a shop without a site keeps the host it was named for.
  const host = shopHost(url);
  return { logged: { name, url }, derived: { name_key: shopNameKey(name), ...(host ? { domain: host } : {}) } };
}

export async function createStore(db: Db, input: StoreInput, actorId: number | null): Promise<Store> {
  const { logged, derived } = change(input);
  return findStore(db, await createCatalogRow(db, STORE, { logged, derived: { domain: null, ...derived, logo_url: null } }, actorId));
}

/** An edit by the team, which also confirms a shop a member named (docs/notes/posting.md). */
export async function updateStore(db: Db, id: number, input: StoreInput, actorId: number | null): Promise<Store> {
  const { logged, derived } = change(input);
  await updateCatalogRow(db, STORE, id, { logged, derived: { ...derived, confirmed: 1 } }, actorId);
  return findStore(db, id);
}

/** Refused while any deal (in any status) still belongs to the store. The logo file goes with it. */
export async function deleteStore(db: Db, uploadsDir: string | null, id: number, actorId: number | null): Promise<void> {
  const { logo_url: logo } = await deleteCatalogRow(db, STORE, id, (before) => ({ name: before.name, url: before.url }), actorId);
  if (uploadsDir && logo?.startsWith('/uploads/stores/')) await removeUpload(uploadsDir, logo);
}

/** Stores a re-encoded logo (SPEC §5: image only, 1MB, checked by the route) and replaces the old file. */
export async function setStoreLogo(db: Db, uploadsDir: string, id: number, image: Buffer, actorId: number | null): Promise<Store> {
  const before = await db.kysely.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound(STORE_NOT_FOUND);
  const stored = await storeImage(image, uploadsDir, 'stores', LOGO_IMAGE);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('stores').set({ logo_url: stored.url, confirmed: 1, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
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
