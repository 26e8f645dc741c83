import { sql } from 'kysely';
import type { Store, StoreDetail, StoreInput } from '../../../shared/schemas/stores.js';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../http/errors.js';
import { LOGO_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { changedFields, logModeration } from '../moderation/index.js';
import { activeDealsIn, assertNoDealsIn, countDeals, statusSql } from '../deals/index.js';
import { cached, invalidateDealCounts } from '../../db/count-cache.js';
import { transactionOrConflict } from '../../db/unique.js';

export const STORE_NOT_FOUND = 'Store not found';
export const STORE_HAS_DEALS = 'Cannot delete store with deals';
const NAME_TAKEN = 'A store with this name already exists';
const nameTaken = () => conflict(NAME_TAKEN, 'name');
const nameKey = (name: string) => name.trim().toLowerCase();

interface StoreRowWithCount {
  id: number;
  name: string;
  url: string | null;
  logo_url: string | null;
  deals_count: number;
}
const presentStore = (r: StoreRowWithCount): Store => ({ id: Number(r.id), name: r.name, url: r.url, logoUrl: r.logo_url, dealsCount: Number(r.deals_count) });

/** Every store by name, each with its number of active deals (optionally in one category). */
export function listStores(db: Db, opts: { categoryId?: number } = {}): Promise<Store[]> {
  return cached(db, `stores:${opts.categoryId ?? ''}`, false, async () => {
    let counts = db.kysely
      .selectFrom('deals as d')
      .select(['d.store_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(statusSql('active', new Date().toISOString()))
      .groupBy('d.store_id');
    if (opts.categoryId !== undefined) counts = counts.where('d.category_id', '=', opts.categoryId);
    const rows = await db.kysely
      .selectFrom('stores as s')
      .leftJoin(counts.as('n'), 'n.store_id', 's.id')
      .select(['s.id', 's.name', 's.url', 's.logo_url', sql<number>`COALESCE(n.n, 0)`.as('deals_count')])
      .orderBy('s.name_key')
      .execute();
    return rows.map(presentStore);
  });
}

/**
 * GET /stores/{id} (issue 17): the store with its live deals and its public deals (active + expired; pending,
 * rejected and deleted ones are never counted). Both are the browse list's own counts of store={id} (index-only,
 * cached briefly and dropped on every deal write), so the page's numbers match its deal list.
 */
export async function storeDetail(db: Db, id: number): Promise<StoreDetail> {
  const row = await db.kysely.selectFrom('stores').select(['id', 'name', 'url', 'logo_url']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STORE_NOT_FOUND);
  const [activeDeals, totalDeals] = await Promise.all([
    countDeals(db, { filters: { status: 'active', storeId: id } }),
    countDeals(db, { filters: { status: 'all', storeId: id } }),
  ]);
  return { id: Number(row.id), name: row.name, url: row.url, logoUrl: row.logo_url, activeDeals, totalDeals };
}

/** Whether /stores/{id} is a store's page (one primary-key probe). */
export const storeExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.kysely.selectFrom('stores').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

async function findStore(db: Db, id: number): Promise<Store> {
  const row = await db.kysely.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STORE_NOT_FOUND);
  return presentStore({ ...row, deals_count: await activeDealsIn(db, 'store_id', id) });
}

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
    await trx.updateTable('stores').set({ ...after, name_key: nameKey(after.name), updated_at: new Date().toISOString() }).where('id', '=', id).execute();
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
    await logModeration(trx, { actorId, action: 'delete', entityType: 'store', entityId: id, entityTitle: before.name, before: { name: before.name, url: before.url } });
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
    await logModeration(trx, { actorId, action: 'edit', entityType: 'store', entityId: id, entityTitle: before.name, before: { logoUrl: before.logo_url }, after: { logoUrl: stored.url } });
  });
  invalidateDealCounts(db);
  if (before.logo_url?.startsWith('/uploads/stores/')) await removeUpload(uploadsDir, before.logo_url);
  return findStore(db, id);
}
