import type { AppDeps } from '../../deps.js';
import { matchActivatedDeal, matchWarmerDeal } from './matching/match-deal.js';

/**
 * Alert matching on the lifecycle's events, in the change's own transaction, so a deal is never public without its
 * matches recorded and its instant mails queued, and a change that fails leaves neither:
 * - `deal.activated` (admin activation, admin or moderator creating or editing a deal into active, a scraped deal
 *   activated later): every alert the deal matches;
 * - `deal.updated` of an active deal whose temperature rose (a lifecycle edit of the counters, e.g. voided downvotes):
 *   the alerts waiting for a temperature it has now reached. Votes change temperature outside the lifecycle and call
 *   matchWarmerDeal themselves (votes/commands.ts).
 */
export function subscribeAlertMatching(deps: Pick<AppDeps, 'db' | 'events'>): () => void {
  const stopActivated = deps.events.inTransaction('deal.activated', async (change, trx) => {
    if (change.after) await matchActivatedDeal(deps.db, trx, change.dealId, change.at);
  });
  const stopUpdated = deps.events.inTransaction('deal.updated', async (change, trx) => {
    const { before, after } = change;
    if (!before || !after || change.events.includes('deal.activated')) return;
    if (before.status === 'active' && after.status === 'active' && after.temperature > before.temperature) {
      await matchWarmerDeal(deps.db, trx, change.dealId, after.temperature, before.temperature, change.at);
    }
  });
  return () => {
    stopActivated();
    stopUpdated();
  };
}
