import { DUPLICATE_DEAL_MESSAGE } from '../../../shared/schemas/deals/products.js';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../http/errors.js';
import { storedProductKey } from './identity.js';
import { mayRepostProduct } from './policy.js';
import { openDuplicateOf } from './queries.js';

/** The columns a new deal gets from its product identity. */
export interface ProductColumns {
  product_key: string | null;
  duplicate_of: number | null;
}

/**
 * The duplicate rule of a member's or the team's new deal (POST /deals, POST /admin/deals):
 * - an ACTIVE deal of the same product created in the last 30 days -> 409 'This deal has already been posted' with
 *   `data.existingDealId`, unless a moderator or admin says `allowDuplicate: true` (then the deal is flagged);
 * - only PENDING deals of the product -> allowed, flagged: `duplicate_of` names the newest, for the team's review;
 * - otherwise nothing to flag.
 * Spread the result into the deal's columns. `allowDuplicate` from a member changes nothing. Read before the
 * change's transaction: two identical posts in the same instant may both pass, which the moderators' duplicate badge
 * then shows (the scraper, which runs unattended, claims a product key instead).
 */
export async function productColumns(db: Db, url: string, actor: { role: string }, allowDuplicate = false, now = Date.now()): Promise<ProductColumns> {
  const key = storedProductKey(url);
  if (key === null) return { product_key: null, duplicate_of: null };
  const { active, pending } = await openDuplicateOf(db.kysely, key, now);
  if (active !== null) {
    if (!(allowDuplicate && mayRepostProduct(actor))) throw new HttpError(409, DUPLICATE_DEAL_MESSAGE, { data: { existingDealId: active } });
    return { product_key: key, duplicate_of: active };
  }
  return { product_key: key, duplicate_of: pending };
}
