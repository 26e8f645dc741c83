import { type Kysely, sql, type Transaction } from 'kysely';
import { PUBLIC_STATUSES } from '../../../shared/domain/deals/deal-visibility.js';
import { HOT_DEAL_TEMPERATURE, noFacts, type ReputationFacts, SUPERPOSTER_DAYS, VOUCHER_HUNTER_SUCCESS } from '../../../shared/domain/members/reputation.js';
import { onConnection, type ReadRunner } from '../../db/reads/background-reads.js';
import type { Database } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** The groups of a member's facts, one grouped read each: what a deal, a comment or a voucher of theirs can move. */
export const REPUTATION_FACETS = ['deals', 'comments', 'vouchers'] as const;
export type ReputationFacet = (typeof REPUTATION_FACETS)[number];
/** The facts each group holds. */
export const FACET_FACTS: Record<ReputationFacet, ReadonlyArray<keyof ReputationFacts>> = {
  deals: ['dealsPosted', 'hotDeals', 'recentDeals', 'recentHotDeals'],
  comments: ['comments', 'likesReceived'],
  vouchers: ['vouchersPosted', 'workingVouchers', 'voucherSuccess'],
};

/**
 * The public facts of the given members (all members with any, when `userIds` is undefined): public deals and those at
 * 100° (all time and the last 28 days), comments shown (not "[deleted]") and the likes they received, approved vouchers
 * (live or expired), those with at least 70% success and the mean success of the answered ones. Grouped reads, one per
 * table: the hourly job reads every member at once, an event one member through the tables' user indexes.
 */
export async function reputationFacts(
  k: Executor,
  userIds: number[] | undefined,
  opts: {
    now?: number;
    /** Only these groups of facts are read (the others stay at nothing). */
    facets?: readonly ReputationFacet[];
    /** Who runs the grouped reads: the job's reads of every member go off the server's connection (db/reads/background-reads.ts). */
    read?: ReadRunner;
  } = {},
): Promise<Map<number, ReputationFacts>> {
  const { now = Date.now(), facets = REPUTATION_FACETS, read = onConnection } = opts;
  if (userIds && userIds.length === 0) return new Map();
  const since = new Date(now - SUPERPOSTER_DAYS * 86_400_000).toISOString();
  const ids = userIds ?? [];
  const some = userIds !== undefined;
  const hot = sql<number>`SUM(CASE WHEN d.temperature >= ${HOT_DEAL_TEMPERATURE} THEN 1 ELSE 0 END)`;
  const reads = {
    deals: () =>
      read(
        k
          .selectFrom('deals as d')
          .select([
            'd.user_id',
            sql<number>`COUNT(*)`.as('posted'),
            hot.as('hot'),
            sql<number>`SUM(CASE WHEN d.published_at > ${since} THEN 1 ELSE 0 END)`.as('recent'),
            sql<number>`SUM(CASE WHEN d.published_at > ${since} AND d.temperature >= ${HOT_DEAL_TEMPERATURE} THEN 1 ELSE 0 END)`.as('recent_hot'),
          ])
          .where('d.user_id', 'is not', null)
          .where('d.status', 'in', PUBLIC_STATUSES)
          .$if(some, (q) => q.where('d.user_id', 'in', ids))
          .groupBy('d.user_id'),
      ),
    comments: () =>
      read(
        k
          .selectFrom('comments as c')
          .innerJoin('deals as d', 'd.id', 'c.deal_id')
          .select(['c.user_id', sql<number>`COUNT(*)`.as('n'), sql<number>`SUM(c.like_count)`.as('likes')])
          .where('c.deleted_at', 'is', null)
          .where('d.status', 'in', PUBLIC_STATUSES)
          .$if(some, (q) => q.where('c.user_id', 'in', ids))
          .groupBy('c.user_id'),
      ),
    vouchers: () =>
      read(
        k
          .selectFrom('vouchers as v')
          .select([
            'v.user_id',
            sql<number>`COUNT(*)`.as('n'),
            sql<number>`SUM(CASE WHEN v.success_rate >= ${VOUCHER_HUNTER_SUCCESS} THEN 1 ELSE 0 END)`.as('working'),
            sql<number | null>`AVG(v.success_rate)`.as('success'),
          ])
          .where('v.user_id', 'is not', null)
          .where('v.status', 'in', ['active', 'expired'])
          .$if(some, (q) => q.where('v.user_id', 'in', ids))
          .groupBy('v.user_id'),
      ),
  };
  // Only the groups asked for are read; the others answer no rows (their facts stay at nothing).
  const readOf = async <F extends ReputationFacet>(f: F): Promise<Awaited<ReturnType<(typeof reads)[F]>>> =>
    (facets.includes(f) ? await reads[f]() : []) as Awaited<ReturnType<(typeof reads)[F]>>;
  const [deals, comments, vouchers] = await Promise.all([readOf('deals'), readOf('comments'), readOf('vouchers')]);
  const facts = new Map<number, ReputationFacts>();
  const of = (id: number | null) => {
    const key = Number(id);
    const found = facts.get(key);
    if (found) return found;
    const made = noFacts();
    facts.set(key, made);
    return made;
  };

  for (const id of userIds ?? []) of(id);
  for (const r of deals)
    Object.assign(of(r.user_id), {
      dealsPosted: Number(r.posted),
      hotDeals: Number(r.hot ?? 0),
      recentDeals: Number(r.recent ?? 0),
      recentHotDeals: Number(r.recent_hot ?? 0),
    });
  for (const r of comments) Object.assign(of(r.user_id), { comments: Number(r.n), likesReceived: Number(r.likes ?? 0) });
  for (const r of vouchers)
    Object.assign(of(r.user_id), {
      vouchersPosted: Number(r.n),
      workingVouchers: Number(r.working ?? 0),
      voucherSuccess: r.success === null ? null : Number(r.success),
    });
  return facts;
}

/** Stored records (badges and facts) of these members. */
export async function storedReputation(k: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, Database['member_reputation']>();
  const rows = await k.selectFrom('member_reputation').selectAll().where('user_id', 'in', userIds).execute();
  return new Map(rows.map((r) => [Number(r.user_id), r]));
}
