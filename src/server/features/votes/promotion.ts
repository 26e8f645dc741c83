import type { Db } from '../../db/connection.js';
import { invalidateVoteCounts } from '../../db/reads/count-cache.js';
import { matchWarmerDeal } from '../alerts/index.js';
import { countVotesWhole } from '../deals/index.js';
import { notifyDealHot } from '../notifications/index.js';
import { dealTemperatureMoved } from '../reputation/index.js';

export const VOTE_PROMOTION_EVERY_MS = 60_000;
const BATCH = 500;
const MAX_ROUNDS = 20;

/**
 * A vote cast by an account younger than 24 h counts half until the account is a day old (docs/notes/trust.md). This job, run
 * every minute (jobs.ts), finds the votes whose time has come on a partial index (only votes still counting half are
 * in it), clears their mark and takes them out of the deal's half-vote balance, so the deal's temperature and hot
 * score become what they would be had the vote been whole from the start: no rescan of any deal's votes, ever. Each
 * deal is one short transaction with the deal row locked first (the order castVote and voidVotes use).
 */
export async function promoteMaturedVotes(deps: { db: Db }, now = Date.now()): Promise<number> {
  const { db } = deps;
  const nowIso = new Date(now).toISOString();
  let total = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await db.kysely
      .selectFrom('votes')
      .select(['id', 'deal_id'])
      .where('half_weight_until', 'is not', null)
      .where('half_weight_until', '<=', nowIso)
      .orderBy('half_weight_until')
      .limit(BATCH)
      .execute();
    if (due.length === 0) break;
    const byDeal = new Map<number, number[]>();
    for (const v of due) byDeal.set(v.deal_id, [...(byDeal.get(v.deal_id) ?? []), v.id]);
    for (const [dealId, ids] of byDeal) {
      total += await db.kysely.transaction().execute(async (trx) => {
        const deal = await trx
          .selectFrom('deals')
          .select(['id', 'published_at', 'temperature'])
          .where('id', '=', dealId)
          .$if(db.dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!deal) return 0;
        const promoted = await trx
          .updateTable('votes')
          .set({ half_weight_until: null })
          .where('id', 'in', ids)
          .where('half_weight_until', 'is not', null)
          .returning('vote_type')
          .execute();
        if (promoted.length === 0) return 0;
        const delta = promoted.reduce((sum, v) => sum + Number(v.vote_type), 0);
        const counters = await countVotesWhole(trx, deal, delta);
        // Alerts waiting for a temperature the deal has now reached match, in this transaction.
        await matchWarmerDeal(db, trx, dealId, counters.temperature, Number(deal.temperature));
        await notifyDealHot(db, trx, dealId, Number(deal.temperature), counters.temperature);
        await dealTemperatureMoved(trx, dealId, Number(deal.temperature), counters.temperature);
        return promoted.length;
      });
    }
    if (due.length < BATCH) break;
  }
  if (total > 0) invalidateVoteCounts(db);
  return total;
}
