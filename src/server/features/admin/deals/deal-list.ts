import type { AdminDealPage, AdminDealsQuery, DealSortKey } from '../../../../shared/schemas/admin/admin-deals.js';
import type { Db } from '../../../db/connection.js';
import type { AffiliateConfig } from '../../../../shared/domain/shops/affiliate.js';
import { selectDealsWithRefs, type DealRowWithRefs, presentDeal, searchSql, searchTerms } from '../../deals/index.js';
import { statusFilter } from './deal-filters.js';

const SORT_COLUMNS: Record<DealSortKey, 'd.title' | 'c.name' | 's.name' | 'd.created_at' | 'd.updated_at'> = {
  title: 'd.title',
  category: 'c.name',
  store: 's.name',
  created: 'd.created_at',
  updated: 'd.updated_at',
};

/**
 * The Deals Management list: any status, filtered by category, store and full-text search, sorted by one column with
 * the id breaking ties so pages never overlap. One joined select for the page and one count over the same filter.
 */
export async function listAdminDeals(db: Db, q: AdminDealsQuery, affiliate: AffiliateConfig, now = Date.now()): Promise<AdminDealPage> {
  const empty: AdminDealPage = { deals: [], totalCount: 0, page: q.page, limit: q.limit, totalPages: 0 };
  const nowIso = new Date(now).toISOString();
  // Full-text index only (FTS5 / tsvector), never LIKE over the table; a search with no word matches nothing.
  const search = q.search ? searchSql(q.search, db) : undefined;
  if (q.search && searchTerms(q.search).length === 0) return empty;

  let page = selectDealsWithRefs(db.kysely)
    .select('d.duplicate_of')
    .where((eb) => statusFilter(eb, q.status, nowIso));
  // The count needs no joins: category and store are NOT NULL foreign keys, so the join never drops a deal.
  let count = db.kysely.selectFrom('deals as d').where((eb) => statusFilter(eb, q.status, nowIso));
  if (q.categoryId !== undefined) {
    page = page.where('d.category_id', '=', q.categoryId);
    count = count.where('d.category_id', '=', q.categoryId);
  }
  if (q.storeId !== undefined) {
    page = page.where('d.store_id', '=', q.storeId);
    count = count.where('d.store_id', '=', q.storeId);
  }
  if (search) {
    page = page.where(search);
    count = count.where(search);
  }

  const [rows, total] = await Promise.all([
    page
      .orderBy(SORT_COLUMNS[q.sortKey], q.sortDir)
      .orderBy('d.id', q.sortDir)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(total.n);
  return {
    deals: rows.map((row) => presentDeal(row as DealRowWithRefs, { affiliate, now, forTeam: true })),
    totalCount,
    page: q.page,
    limit: q.limit,
    totalPages: Math.ceil(totalCount / q.limit),
  };
}
