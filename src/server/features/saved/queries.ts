import type { Deal, DealPage } from '../../../shared/schemas/deals.js';
import type { AffiliateConfig } from '../../../shared/domain/affiliate.js';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { isModerator } from '../../plugins/auth.js';
import { selectDealsWithRefs, assertCanView, presentForViewer } from '../deals/index.js';
import { lowestPriceFlags, withLowestPrices } from '../products/index.js';

/** Idempotent: saving twice keeps one row. Only deals the member may see can be saved. */
export async function saveDeal(db: Db, user: UserRow, dealId: number): Promise<void> {
  const deal = await db.kysely.selectFrom('deals').select(['status', 'user_id']).where('id', '=', dealId).executeTakeFirst();
  assertCanView(user, deal);
  await db.kysely
    .insertInto('saved_deals')
    .values({ user_id: user.id, deal_id: dealId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'deal_id']).doNothing())
    .execute();
}

export async function unsaveDeal(db: Db, userId: number, dealId: number): Promise<void> {
  await db.kysely.deleteFrom('saved_deals').where('user_id', '=', userId).where('deal_id', '=', dealId).execute();
}

/** Saved deals the member can still see (a deal sent back to review stays visible to its owner and the team). */
function savedQuery(db: Db, user: UserRow) {
  let q = selectDealsWithRefs(db.kysely).innerJoin('saved_deals as sd', 'sd.deal_id', 'd.id').where('sd.user_id', '=', user.id);
  if (!isModerator(user)) q = q.where((eb) => eb.or([eb('d.status', 'in', ['active', 'expired']), eb('d.user_id', '=', user.id)]));
  return q;
}

/** GET /deals/saved: newest save first, paged (index saved_deals(user_id, created_at)), with the page's lowest-price flags. */
export async function savedDealsPage(db: Db, user: UserRow, page: number, pageSize: number, affiliate: AffiliateConfig): Promise<DealPage> {
  const [rows, total] = await Promise.all([
    savedQuery(db, user).orderBy('sd.created_at', 'desc').orderBy('d.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    savedQuery(db, user).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const [deals, lowest] = await Promise.all([presentForViewer(db, rows, user.id, affiliate), lowestPriceFlags(db, rows.map((r) => Number(r.id)))]);
  const totalCount = Number(total.n);
  return { deals: withLowestPrices(deals, lowest), totalCount, page, pageSize, totalPages: Math.ceil(totalCount / pageSize) };
}

/** GET /users/me/saved-deals: every saved deal (the client keeps their ids as a local cache). */
export async function allSavedDeals(db: Db, user: UserRow, affiliate: AffiliateConfig): Promise<Deal[]> {
  const rows = await savedQuery(db, user).orderBy('sd.created_at', 'desc').orderBy('d.id', 'desc').execute();
  return presentForViewer(db, rows, user.id, affiliate);
}
