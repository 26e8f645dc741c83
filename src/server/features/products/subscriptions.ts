import type { DealChange, DealEvents, DealEventType, Tx } from '../deals/index.js';
import { storedProductKey } from './identity.js';

/** The events after which a deal's price is an observation worth keeping. */
const PRICE_EVENTS: ReadonlySet<DealEventType> = new Set(['deal.created', 'deal.activated', 'deal.repriced']);

/**
 * Keeps product identity and price history in step with every deal change, in the change's own transaction (so a
 * rolled-back change leaves neither behind), whatever path made it (member, admin, scraper, AI task):
 * - a new deal, or one whose url changed, gets the url's product key (an extra UPDATE of the row; creators that
 *   already set the right key, such as the member and admin posts, cost nothing here);
 * - a deal that was created, activated or repriced, with a key and a price, gets ONE price point for the change,
 *   however many of those events the change amounts to (created active = created + activated = one point).
 * One '*' subscriber rather than one per event: each subscriber sees a change once.
 */
export function trackProductIdentity(events: DealEvents): void {
  events.inTransaction('*', async (change, trx) => {
    const deal = change.after;
    if (!deal) return;
    const key = await keyOf(change, deal, trx);
    if (key === null || deal.price_pence === null || !change.events.some((e) => PRICE_EVENTS.has(e))) return;
    await trx
      .insertInto('price_points')
      .values({
        product_key: key,
        price_pence: deal.price_pence,
        original_price_pence: deal.original_price_pence,
        recorded_at: change.at,
        deal_id: change.dealId,
        source: change.origin,
      })
      .execute();
  });
}

/** The deal's product key after the change, written to the row when it is new or its url changed. */
async function keyOf(change: DealChange, deal: NonNullable<DealChange['after']>, trx: Tx): Promise<string | null> {
  if (change.before !== null && change.before.url === deal.url) return deal.product_key;
  const key = storedProductKey(deal.url);
  if (key !== deal.product_key) await trx.updateTable('deals').set({ product_key: key }).where('id', '=', change.dealId).execute();
  return key;
}
