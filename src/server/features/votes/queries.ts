import type { DealVoteItem, DealVotesPage } from '../../../shared/schemas/deals/votes.js';
import type { Db } from '../../db/connection.js';
import { readPage } from '../../db/reads/paging.js';
import { notFound } from '../../http/errors.js';
import { DEAL_NOT_FOUND } from '../deals/index.js';

/**
 * GET /admin/deals/{id}/votes (the admin edit deal "Votes" panel): one page of the deal's votes, newest first, each with
 * its voter, direction, the voter's account age when voting, its weight now and how many votes on this deal came from
 * the same network. The network hash never leaves this function: votes of one network (two or more) share a group
 * number instead, 1 for the largest cluster on the page.
 */
export async function dealVotes(db: Db, dealId: number, page: number, limit: number): Promise<DealVotesPage> {
  const k = db.kysely;
  const deal = await k.selectFrom('deals').select(['id', 'upvotes', 'downvotes', 'temperature']).where('id', '=', dealId).executeTakeFirst();
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  const { rows, totalCount, totalPages } = await readPage(
    k
      .selectFrom('votes as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['v.id', 'v.user_id', 'u.username', 'v.vote_type', 'v.account_age_hours', 'v.network_hash', 'v.half_weight_until', 'v.created_at'])
      .where('v.deal_id', '=', dealId)
      .orderBy('v.id', 'desc'),
    k.selectFrom('votes').where('deal_id', '=', dealId),
    page,
    limit,
  );
  const hashes = [...new Set(rows.map((r) => r.network_hash).filter((h): h is string => h !== null))];
  const clusters = hashes.length
    ? await k
        .selectFrom('votes')
        .select(['network_hash', (eb) => eb.fn.countAll<number>().as('n')])
        .where('deal_id', '=', dealId)
        .where('network_hash', 'in', hashes)
        .groupBy('network_hash')
        .execute()
    : [];
  const size = new Map(clusters.map((c) => [c.network_hash as string, Number(c.n)]));
  const group = new Map(
    [...size]
      .filter(([, n]) => n > 1)
      .sort((a, b) => b[1] - a[1] || hashes.indexOf(a[0]) - hashes.indexOf(b[0]))
      .map(([hash], i) => [hash, i + 1]),
  );
  const votes: DealVoteItem[] = rows.map((r) => ({
    id: r.id,
    voter: { id: r.user_id, username: r.username },
    direction: r.vote_type === 1 ? 'up' : 'down',
    accountAgeHours: r.account_age_hours,
    weight: r.half_weight_until ? 0.5 : 1,
    networkClusterSize: r.network_hash ? (size.get(r.network_hash) ?? 1) : null,
    networkGroup: r.network_hash ? (group.get(r.network_hash) ?? null) : null,
    createdAt: r.created_at,
  }));
  return {
    dealId,
    upvotes: deal.upvotes,
    downvotes: deal.downvotes,
    temperature: deal.temperature,
    votes,
    totalCount,
    page,
    limit,
    totalPages,
  };
}
