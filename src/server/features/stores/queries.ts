import { sql } from 'kysely';
import type { Store, StoreDetail } from '../../../shared/schemas/catalog/stores.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { activeDealsIn, countDeals, statusSql } from '../deals/index.js';
import { cached } from '../../db/reads/count-cache.js';

export const STORE_NOT_FOUND = 'Store not found';

interface StoreRowWithCount {
  id: number;
  name: string;
  url: string | null;
  logo_url: string | null;
  deals_count: number;
  confirmed: number;
  domain: string | null;
}
const presentStore = (r: StoreRowWithCount): Store => ({
  id: Number(r.id),
  name: r.name,
  url: r.url,
  logoUrl: r.logo_url,
  dealsCount: Number(r.deals_count),
  confirmed: Number(r.confirmed) === 1,
  domain: r.domain,
});

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
      .select(['s.id', 's.name', 's.url', 's.logo_url', 's.confirmed', 's.domain', sql<number>`COALESCE(n.n, 0)`.as('deals_count')])
      .orderBy('s.name_key')
      .execute();
    return rows.map(presentStore);
  });
}

/**
 * GET /stores/{id}: the store with its live deals and its public deals (active + expired; pending,
 * rejected and deleted ones are never counted). Both are the browse list's own counts of store={id} (index-only,
 * cached briefly and dropped on every deal write), so the page's numbers match its deal list.
 */
export async function storeDetail(db: Db, id: number): Promise<StoreDetail> {
  const row = await db.kysely.selectFrom('stores').select(['id', 'name', 'url', 'logo_url', 'confirmed']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STORE_NOT_FOUND);
  const [activeDeals, totalDeals] = await Promise.all([
    countDeals(db, { filters: { status: 'active', storeId: id } }),
    countDeals(db, { filters: { status: 'all', storeId: id } }),
  ]);
  return { id: Number(row.id), name: row.name, url: row.url, logoUrl: row.logo_url, confirmed: Number(row.confirmed) === 1, activeDeals, totalDeals };
}

/** Whether /stores/{id} is a store's page (one primary-key probe). */
export const storeExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.kysely.selectFrom('stores').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export async function findStore(db: Db, id: number): Promise<Store> {
  const row = await db.kysely.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STORE_NOT_FOUND);
  return presentStore({ ...row, deals_count: await activeDealsIn(db, 'store_id', id) });
}
