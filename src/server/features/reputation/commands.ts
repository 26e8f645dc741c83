import { badgesFor, type BadgeId, isSuperposter, parseBadges, type ReputationFacts, superposterCutoff } from '../../../shared/domain/reputation.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { type Executor, FACET_FACTS, REPUTATION_FACETS, type ReputationFacet, reputationFacts, storedReputation } from './queries.js';

const row = (userId: number, f: ReputationFacts, badges: BadgeId[], nowIso: string) => ({
  user_id: userId,
  deals_posted: f.dealsPosted,
  hot_deals: f.hotDeals,
  comments: f.comments,
  likes_received: f.likesReceived,
  vouchers_posted: f.vouchersPosted,
  working_vouchers: f.workingVouchers,
  voucher_success: f.voucherSuccess,
  recent_deals: f.recentDeals,
  recent_hot_deals: f.recentHotDeals,
  badges: badges.join(','),
  computed_at: nowIso,
});

async function store(k: Executor, rows: Array<ReturnType<typeof row>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await k
      .insertInto('member_reputation')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          deals_posted: eb.ref('excluded.deals_posted'),
          hot_deals: eb.ref('excluded.hot_deals'),
          comments: eb.ref('excluded.comments'),
          likes_received: eb.ref('excluded.likes_received'),
          vouchers_posted: eb.ref('excluded.vouchers_posted'),
          working_vouchers: eb.ref('excluded.working_vouchers'),
          voucher_success: eb.ref('excluded.voucher_success'),
          recent_deals: eb.ref('excluded.recent_deals'),
          recent_hot_deals: eb.ref('excluded.recent_hot_deals'),
          badges: eb.ref('excluded.badges'),
          computed_at: eb.ref('excluded.computed_at'),
        })),
      )
      .execute();
  }
}

/** How often the job recomputes every member's record (badges age: Superposter's 28 days, vouchers' answers). */
export const REPUTATION_EVERY_MS = 60 * 60_000;

/**
 * The scheduled job: every member's facts and badges, Superposter ranked among all posters of the last 28 days.
 * Members with nothing left lose their row (and so their badges). Answers how many records it wrote.
 */
export async function recomputeReputation(db: Db, now = Date.now()): Promise<number> {
  const facts = await reputationFacts(db.kysely, undefined, now);
  const cutoff = superposterCutoff([...facts.values()].filter((f) => f.recentDeals > 0).map((f) => f.recentHotDeals));
  const nowIso = new Date(now).toISOString();
  const rows = [...facts].map(([id, f]) => row(id, f, badgesFor(f, cutoff), nowIso));
  await db.kysely.transaction().execute(async (trx) => {
    await store(trx, rows);
    // Records not written now belong to members with no public facts left.
    await trx.deleteFrom('member_reputation').where('computed_at', '<>', nowIso).execute();
  });
  return rows.length;
}

/**
 * An event moved a member's facts (a deal of theirs changed or crossed 100°, a comment of theirs or a like on it, a
 * voucher of theirs or an answer to it): their record and badges, recomputed now, in the caller's transaction when
 * given. Superposter's ranking needs every poster, so here it is only kept while the member still meets their own part
 * of the rule (a deal at 100° and 65% hot); the job ranks again.
 */
export async function memberReputationChanged(
  k: Db | Executor,
  userId: number | null | undefined,
  /** What moved, when only one group of facts can have (a comment moves no deal's): the other groups are kept as stored. */
  only?: ReputationFacet,
  now = Date.now(),
): Promise<void> {
  if (userId === null || userId === undefined) return;
  const ex: Executor = 'kysely' in k ? k.kysely : k;
  const kept = (await storedReputation(ex, [userId])).get(userId);
  const facets = only && kept ? [only] : REPUTATION_FACETS;
  const f = (await reputationFacts(ex, [userId], now, facets)).get(userId);
  if (!f) return;
  if (only && kept) {
    const stored = storedFacts(kept);
    for (const other of REPUTATION_FACETS) if (other !== only) for (const fact of FACET_FACTS[other]) Object.assign(f, { [fact]: stored[fact] });
  }
  const wasSuperposter = parseBadges(kept?.badges).includes('superposter');
  const badges = badgesFor(f, Number.POSITIVE_INFINITY);
  if (wasSuperposter && isSuperposter(f, 1)) badges.unshift('superposter');
  await store(ex, [row(userId, f, badges, new Date(now).toISOString())]);
}

/** A stored record's facts, as reputationFacts answers them. */
function storedFacts(r: Database['member_reputation']): ReputationFacts {
  return {
    dealsPosted: Number(r.deals_posted),
    hotDeals: Number(r.hot_deals),
    comments: Number(r.comments),
    likesReceived: Number(r.likes_received),
    vouchersPosted: Number(r.vouchers_posted),
    workingVouchers: Number(r.working_vouchers),
    voucherSuccess: r.voucher_success === null ? null : Number(r.voucher_success),
    recentDeals: Number(r.recent_deals),
    recentHotDeals: Number(r.recent_hot_deals),
  };
}
