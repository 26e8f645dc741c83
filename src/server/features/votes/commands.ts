import type { VoteResult } from '../../../shared/api.js';
import { hotScore } from '../../../shared/domain/temperature.js';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { invalidateVoteCounts } from '../deals/count-cache.js';
import { DEAL_NOT_FOUND, isOpen } from '../deals/policy.js';

export const ALREADY_VOTED = 'You have already voted on this deal';
export const OWN_DEAL = 'You cannot vote on your own deal';
export const NOT_OPEN = 'You can only vote on active deals';

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === '23505';

/**
 * One vote per member per deal, never changed (SPEC §4). The vote row, the counters, the temperature and the stored
 * hot score change in one transaction, with relative updates so concurrent votes never lose each other.
 */
export async function castVote(db: Db, user: UserRow, dealId: number, voteType: 1 | -1): Promise<VoteResult> {
  const result = await db.kysely
    .transaction()
    .execute(async (trx) => {
      const deal = await trx.selectFrom('deals').select(['id', 'user_id', 'status', 'expires_at', 'published_at']).where('id', '=', dealId).executeTakeFirst();
      if (!deal || (deal.status !== 'active' && deal.status !== 'expired')) throw notFound(DEAL_NOT_FOUND);
      if (deal.user_id === user.id) throw forbidden(OWN_DEAL);
      if (!isOpen(deal)) throw new HttpError(403, NOT_OPEN);
      const existing = await trx.selectFrom('votes').select('id').where('deal_id', '=', dealId).where('user_id', '=', user.id).executeTakeFirst();
      if (existing) throw conflict(ALREADY_VOTED);
      await trx.insertInto('votes').values({ deal_id: dealId, user_id: user.id, vote_type: voteType, created_at: new Date().toISOString() }).execute();
      const up = voteType === 1 ? 1 : 0;
      const counters = await trx
        .updateTable('deals')
        .set((eb) => ({
          upvotes: eb('upvotes', '+', up),
          downvotes: eb('downvotes', '+', 1 - up),
          temperature: eb('temperature', '+', voteType),
        }))
        .where('id', '=', dealId)
        .returning(['upvotes', 'downvotes', 'temperature'])
        .executeTakeFirstOrThrow();
      // The row is locked by the update above until commit, so this score matches the temperature just written.
      await trx.updateTable('deals').set({ hot_score: hotScore(counters.temperature, Date.parse(deal.published_at)) }).where('id', '=', dealId).execute();
      return { totalVotes: counters.temperature, voteType, upvotes: counters.upvotes, downvotes: counters.downvotes };
    })
    .catch((err) => {
      // Two requests of one member racing past the check: the unique index decides.
      if (!(err instanceof HttpError) && isUniqueViolation(err)) throw conflict(ALREADY_VOTED);
      throw err;
    });
  invalidateVoteCounts(db);
  return result;
}
