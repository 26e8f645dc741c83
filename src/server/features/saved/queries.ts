import type { Deal, DealPage } from '../../../shared/schemas/deals/deals.js';
import type { AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import type { Db } from '../../db/connection.js';
import { readPage } from '../../db/reads/paging.js';
import type { UserRow } from '../../db/schema.js';
import { PUBLIC_STATUSES } from '../../../shared/domain/deals/deal-visibility.js';
import { selectDealsWithRefs, presentForViewer } from '../deals/index.js';
import { lowestPriceFlags, withLowestPrices } from '../products/index.js';
import { seesEverySavedDeal } from './policy.js';

/** Saved deals the member can still see (a deal sent back to review stays visible to its owner and the team). */
function savedQuery(db: Db, user: UserRow) {
  let q = selectDealsWithRefs(db.kysely).innerJoin('saved_deals as sd', 'sd.deal_id', 'd.id').where('sd.user_id', '=', user.id);
  // canViewDeal in SQL: public deals and the member's own.
  if (!seesEverySavedDeal(user)) q = q.where((eb) => eb.or([eb('d.status', 'in', PUBLIC_STATUSES), eb('d.user_id', '=', user.id)]));
  return q;
}

/** GET /deals/saved: newest save first, paged (index saved_deals(user_id, created_at)), with the page's lowest-price flags. */
export async function savedDealsPage(db: Db, user: UserRow, page: number, pageSize: number, affiliate: AffiliateConfig): Promise<DealPage> {
  const { rows, totalCount, totalPages } = await readPage(
    savedQuery(db, user).orderBy('sd.created_at', 'desc').orderBy('d.id', 'desc'),
    savedQuery(db, user).clearSelect(),
    page,
    pageSize,
  );
  const [deals, lowest] = await Promise.all([
    presentForViewer(db, rows, user.id, affiliate),
    lowestPriceFlags(
      db,
      rows.map((r) => Number(r.id)),
    ),
  ]);
  return { deals: withLowestPrices(deals, lowest), totalCount, page, pageSize, totalPages };
}

/** GET /users/me/saved-deals: every saved deal (the client keeps their ids as a local cache). */
export async function allSavedDeals(db: Db, user: UserRow, affiliate: AffiliateConfig): Promise<Deal[]> {
  const rows = await savedQuery(db, user).orderBy('sd.created_at', 'desc').orderBy('d.id', 'desc').execute();
  return presentForViewer(db, rows, user.id, affiliate);
}
