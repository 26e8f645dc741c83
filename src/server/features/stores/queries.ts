import { sql } from 'kysely';
import type { Store } from '../../../shared/api.js';
import type { StoreInput } from '../../../shared/schemas/catalog.js';
import type { Db } from '../../db/connection.js';
import { conflict, notFound } from '../../http/errors.js';
import { LOGO_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { changedFields, logModeration } from '../admin/moderation-log.js';
import { statusSql } from '../deals/browse-filters.js';
import { cached, invalidateDealCounts } from '../deals/count-cache.js';

export const STORE_NOT_FOUND = 'Store not found';
export const STORE_HAS_DEALS = 'Cannot delete store with deals';
const NAME_TAKEN = 'A store with this name already exists';

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));
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

async function findStore(db: Db, id: number): Promise<Store> {
  const row = await db.kysely.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STORE_NOT_FOUND);
  const count = await db.kysely
    .selectFrom('deals as d')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('d.store_id', '=', id)
    .where(statusSql('active', new Date().toISOString()))
    .executeTakeFirstOrThrow();
  return presentStore({ ...row, deals_count: Number(count.n) });
}

const normalise = (input: StoreInput) => ({ name: input.name.trim(), url: input.url ? input.url.trim() : null });

export async function createStore(db: Db, input: StoreInput, actorId: number | null): Promise<Store> {
  const now = new Date().toISOString();
  const values = normalise(input);
  const id = await db.kysely
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('stores')
        .values({ ...values, name_key: nameKey(values.name), logo_url: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logModeration(trx, { actorId, action: 'create', entityType: 'store', entityId: Number(row.id), entityTitle: values.name, after: values });
      return Number(row.id);
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(NAME_TAKEN, 'name');
      throw err;
    });
  invalidateDealCounts(db);
  return findStore(db, id);
}

export async function updateStore(db: Db, id: number, input: StoreInput, actorId: number | null): Promise<Store> {
  const after = normalise(input);
  await db.kysely
    .transaction()
    .execute(async (trx) => {
      const before = await trx.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound(STORE_NOT_FOUND);
      await trx.updateTable('stores').set({ ...after, name_key: nameKey(after.name), updated_at: new Date().toISOString() }).where('id', '=', id).execute();
      await logModeration(trx, { actorId, action: 'edit', entityType: 'store', entityId: id, entityTitle: after.name, ...changedFields(before, after) });
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(NAME_TAKEN, 'name');
      throw err;
    });
  invalidateDealCounts(db);
  return findStore(db, id);
}

/** Refused while any deal (in any status) still belongs to the store. The logo file goes with it. */
export async function deleteStore(db: Db, uploadsDir: string | null, id: number, actorId: number | null): Promise<void> {
  const logo = await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(STORE_NOT_FOUND);
    const used = await trx.selectFrom('deals').select('id').where('store_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict(STORE_HAS_DEALS);
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
