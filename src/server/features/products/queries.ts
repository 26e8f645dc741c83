import { type Kysely, sql, type Transaction } from 'kysely';
import { showsLowestPriceBadge } from '../../../shared/domain/deals/lowest-price.js';
import type { Deal } from '../../../shared/schemas/deals/deals.js';
import type { DuplicatesResult, PriceHistory } from '../../../shared/schemas/deals/products.js';
import type { Db } from '../../db/connection.js';
import { executePlanStable } from '../../db/statements/prepared.js';
import type { Database } from '../../db/schema.js';
import { DUPLICATE_WINDOW_DAYS, HISTORY_WINDOW_DAYS, storedProductKey, windowStart } from './identity.js';
import { type HistoryDeal, presentDuplicates, presentPriceHistory, type PricePointRow, type RecentDealRow } from './presenter.js';
import { PUBLIC_STATUSES } from '../../../shared/domain/deals/deal-visibility.js';

type Reader = Kysely<Database> | Transaction<Database>;

/** A product seldom has more than a handful of deals a month; the list is a warning, not a search. */
export const DUPLICATES_SHOWN = 10;
/** More points than a year of real reposts and repricings; the history reads no further. */
export const HISTORY_MAX_POINTS = 1000;

/**
 * Active and pending deals of one product created since `since`, newest first: one range of
 * deals_product_created_idx (product_key = ?, created_at >= ?), the status checked on those few rows.
 */
export function recentOpenDealsQuery(db: Reader, key: string, since: string, opts: { excludeId?: number; limit?: number } = {}) {
  const open = db
    .selectFrom('deals')
    .select(['id', 'title', 'price_pence', 'status', 'temperature', 'created_at', 'expires_at'])
    .where('product_key', '=', key)
    .where('created_at', '>=', since)
    .where('status', 'in', ['active', 'pending']);
  return (opts.excludeId === undefined ? open : open.where('id', '!=', opts.excludeId)).orderBy('created_at', 'desc').limit(opts.limit ?? DUPLICATES_SHOWN);
}

/** Any deal of one product created since `since`, whatever its status or source (the scraper's skip rule). */
export function recentDealOfProductQuery(db: Reader, key: string, since: string) {
  return db.selectFrom('deals').select('id').where('product_key', '=', key).where('created_at', '>=', since).limit(1);
}

/**
 * The product's price points since `since`, most recent first: one range of price_points_key_recorded_idx. A point
 * counts when its deal is public (active or expired), is gone (deleted: the observation stays), or is the deal being
 * viewed; points of pending, rejected and soft-deleted deals are not shown (their price was never vouched for, and
 * an activation records the price again).
 */
export function pricePointsQuery(db: Reader, key: string, since: string, viewedDealId: number) {
  return db
    .selectFrom('price_points as p')
    .leftJoin('deals as d', 'd.id', 'p.deal_id')
    .select(['p.price_pence', 'p.original_price_pence', 'p.recorded_at', 'p.deal_id', 'p.source'])
    .where('p.product_key', '=', key)
    .where('p.recorded_at', '>=', since)
    .where((eb) => eb.or([eb('p.deal_id', 'is', null), eb('p.deal_id', '=', viewedDealId), eb('d.status', 'in', PUBLIC_STATUSES)]))
    .orderBy('p.recorded_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(HISTORY_MAX_POINTS);
}

/**
 * For a page of deals, ONE grouped query: each deal joined to the points of its product key over the window
 * (price_points_key_recorded_idx, one range per deal), the point's deal by primary key for its status, counted by
 * pricePointsQuery's rule (its own, gone deals' and public deals' points), grouped per listed deal: the deal's price, the lowest and highest counted price, the
 * gone-deal points and whether the others belong to one deal or more. Grouped per listed deal rather than per key so that a
 * deal's own points count for it alone, as on its deal page (a pending deal's points show to nobody else). Deals
 * without a product key, or without any counted point, have no row.
 */
export function lowestPricesQuery(db: Reader, dealIds: number[], since: string) {
  return db
    .selectFrom('deals as d')
    .innerJoin('price_points as p', (j) => j.onRef('p.product_key', '=', 'd.product_key').on('p.recorded_at', '>=', since))
    .leftJoin('deals as o', 'o.id', 'p.deal_id')
    .select((eb) => [
      'd.id',
      'd.price_pence',
      eb.fn.min<number>('p.price_pence').as('lowest'),
      eb.fn.max<number>('p.price_pence').as('highest'),
      sql<number>`COUNT(*) - COUNT(p.deal_id)`.as('unlinked'),
      // Two or more deals is all the rule needs to know: their smallest and largest id tell it, with no DISTINCT set.
      eb.fn.min<number>('p.deal_id').as('first_deal'),
      eb.fn.max<number>('p.deal_id').as('last_deal'),
    ])
    .where('d.id', 'in', dealIds)
    .where((eb) => eb.or([eb('p.deal_id', 'is', null), eb('p.deal_id', '=', eb.ref('d.id')), eb('o.status', 'in', PUBLIC_STATUSES)]))
    .groupBy(['d.id', 'd.price_pence']);
}

/**
 * Which deals of a page earn the "Lowest price we've seen" badge, as their deal pages would show it (shared/domain/
 * lowest-price.ts): at the lowest counted price of the last 12 months, the product seen more than once. Every id
 * gets an answer (false without a key, a price or a counted point). One query for the page, none when it is empty.
 * Unlike the history answer this reads every point of the window, not the newest HISTORY_MAX_POINTS: past a thousand
 * sightings a year the two could differ, which no real product reaches.
 */
export async function lowestPriceFlags(db: Db, dealIds: number[], now = Date.now()): Promise<Map<number, boolean>> {
  const flags = new Map<number, boolean>(dealIds.map((id) => [id, false]));
  if (dealIds.length === 0) return flags;
  const rows = await executePlanStable(db, lowestPricesQuery(db.kysely, dealIds, windowStart(HISTORY_WINDOW_DAYS, now)).compile());
  for (const r of rows) {
    const deals = r.first_deal === null ? 0 : Number(r.first_deal) === Number(r.last_deal) ? 1 : 2;
    const counts = {
      unlinked: Number(r.unlinked),
      deals,
      lowest: r.lowest === null ? null : Number(r.lowest),
      highest: r.highest === null ? null : Number(r.highest),
    };
    flags.set(Number(r.id), showsLowestPriceBadge(r.price_pence === null ? null : Number(r.price_pence), counts));
  }
  return flags;
}

/** The deals with `isLowestPrice` set from their flags (list answers only: the deal page asks its price history). */
export function withLowestPrices(deals: Deal[], flags: Map<number, boolean>): Deal[] {
  return deals.map((d) => ({ ...d, isLowestPrice: flags.get(d.id) ?? false }));
}

/** Open deals of the last 30 days with the url's product (the deal form's warning). */
export async function findDuplicates(db: Db, url: string, excludeId?: number, now = Date.now()): Promise<DuplicatesResult> {
  const key = storedProductKey(url);
  if (key === null) return { deals: [], existingDealId: null };
  const rows: RecentDealRow[] = await recentOpenDealsQuery(db.kysely, key, windowStart(DUPLICATE_WINDOW_DAYS, now), { excludeId }).execute();
  return presentDuplicates(rows, now);
}

/** The active deal of the last 30 days a new deal of this key would repeat, else the newest pending one. */
export async function openDuplicateOf(db: Reader, key: string, now = Date.now()): Promise<{ active: number | null; pending: number | null }> {
  const rows: RecentDealRow[] = await recentOpenDealsQuery(db, key, windowStart(DUPLICATE_WINDOW_DAYS, now), { limit: 100 }).execute();
  const { existingDealId } = presentDuplicates(rows, now);
  return { active: existingDealId, pending: rows.find((r) => r.status === 'pending')?.id ?? null };
}

/** Whether the scraper must leave an item alone: any deal of its product created in the last 30 days. */
export async function hasRecentDealOfProduct(db: Reader, key: string, now = Date.now()): Promise<boolean> {
  return !!(await recentDealOfProductQuery(db, key, windowStart(DUPLICATE_WINDOW_DAYS, now)).executeTakeFirst());
}

/**
 * A deal's price history. `authorize` sees the deal (or undefined when there is none) before any point is read: the
 * route passes its view policy, so a deal the caller may not see answers 404/403 and nothing else.
 */
export async function loadPriceHistory(
  db: Db,
  id: number,
  authorize: (deal: HistoryDeal | undefined) => asserts deal is HistoryDeal,
  now = Date.now(),
): Promise<PriceHistory> {
  const deal: HistoryDeal | undefined = await db.kysely
    .selectFrom('deals')
    .select(['id', 'status', 'user_id', 'price_pence', 'product_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  authorize(deal);
  const points: PricePointRow[] = deal.product_key
    ? await pricePointsQuery(db.kysely, deal.product_key, windowStart(HISTORY_WINDOW_DAYS, now), deal.id).execute()
    : [];
  return presentPriceHistory(deal, points);
}
