import {
  badgesFor,
  type BadgeId,
  isSuperposter,
  noFacts,
  parseBadges,
  type ReputationFacts,
  superposterCutoff,
} from '../../../shared/domain/members/reputation.js';
import type { Db } from '../../db/connection.js';
import { backgroundReads } from '../../db/reads/background-reads.js';
import type { Database } from '../../db/schema.js';
import { type Executor, FACET_FACTS, REPUTATION_FACETS, type ReputationFacet, reputationFacts, storedReputation } from './queries.js';

/** Each fact's column in member_reputation: what a record is written from and read back into. */
const FACT_COLUMNS = {
  dealsPosted: 'deals_posted',
  hotDeals: 'hot_deals',
  comments: 'comments',
  likesReceived: 'likes_received',
  vouchersPosted: 'vouchers_posted',
  workingVouchers: 'working_vouchers',
  voucherSuccess: 'voucher_success',
  recentDeals: 'recent_deals',
  recentHotDeals: 'recent_hot_deals',
} as const satisfies Record<keyof ReputationFacts, keyof Database['member_reputation']>;
const FACTS = Object.keys(FACT_COLUMNS) as Array<keyof ReputationFacts>;
type Stored = Database['member_reputation'];

function row(userId: number, f: ReputationFacts, badges: BadgeId[], nowIso: string): Stored {
  const out = { user_id: userId, badges: badges.join(','), computed_at: nowIso } as Stored;
  for (const fact of FACTS) Object.assign(out, { [FACT_COLUMNS[fact]]: f[fact] });
  return out;
}

/** A stored record's facts, as reputationFacts answers them (drivers may answer numbers as strings). */
function storedFacts(r: Stored): ReputationFacts {
  const f = noFacts();
  for (const fact of FACTS) {
    const v = r[FACT_COLUMNS[fact]];
    Object.assign(f, { [fact]: v === null ? null : Number(v) });
  }
  return f;
}

async function store(k: Executor, rows: Stored[]): Promise<void> {
  const updated = [...Object.values(FACT_COLUMNS), 'badges', 'computed_at'] as const;
  for (let i = 0; i < rows.length; i += 200) {
    await k
      .insertInto('member_reputation')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => Object.fromEntries(updated.map((c) => [c, eb.ref(`excluded.${c}`)]))))
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
  // Every deal and comment is read: off the server's connection on SQLite (db/reads/background-reads.ts).
  const facts = await reputationFacts(db.kysely, undefined, { now, read: backgroundReads(db) });
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
  // The stored record and the group that moved (or, without `only`, every group) are read together.
  const [stored, moved] = await Promise.all([
    storedReputation(ex, [userId]),
    reputationFacts(ex, [userId], { now, facets: only ? [only] : REPUTATION_FACETS }),
  ]);
  const kept = stored.get(userId);
  const f = moved.get(userId) ?? noFacts();
  if (only) {
    // The other groups: as stored, or (no record yet, rare) read now.
    const others = REPUTATION_FACETS.filter((g) => g !== only);
    const rest = kept ? storedFacts(kept) : ((await reputationFacts(ex, [userId], { now, facets: others })).get(userId) ?? noFacts());
    for (const other of others) for (const fact of FACET_FACTS[other]) Object.assign(f, { [fact]: rest[fact] });
  }
  await store(ex, [row(userId, f, eventBadges(f, kept?.badges), new Date(now).toISOString())]);
}

/** Badges after an event: Superposter is ranked by the job, and kept only while the member still meets their own part. */
function eventBadges(f: ReputationFacts, before: string | undefined): BadgeId[] {
  const badges = badgesFor(f, Number.POSITIVE_INFINITY);
  if (parseBadges(before).includes('superposter') && isSuperposter(f, 1)) badges.unshift('superposter');
  return badges;
}

/** What a comment event moves in its author's record (on a public deal): comments shown and likes received. */
export interface CommentFactsDelta {
  comments?: number;
  likesReceived?: number;
}

/**
 * A comment of theirs was posted or removed, or one of theirs was liked or unliked: the stored record moves by the
 * difference in one UPDATE, instead of counting again every comment the member ever wrote (which grows with the
 * member, inside the comment's transaction), and two events at once cannot lose one. Badges are written when they
 * change. A member with no record yet gets a full read. The hourly job recounts everything (docs/notes/vouchers-follows.md).
 */
export async function memberCommentFactsMoved(k: Db | Executor, userId: number, delta: CommentFactsDelta, now = Date.now()): Promise<void> {
  const comments = delta.comments ?? 0;
  const likes = delta.likesReceived ?? 0;
  if (comments === 0 && likes === 0) return;
  const ex: Executor = 'kysely' in k ? k.kysely : k;
  const moved = await ex
    .updateTable('member_reputation')
    .set((eb) => ({ comments: eb('comments', '+', comments), likes_received: eb('likes_received', '+', likes) }))
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!moved) return memberReputationChanged(ex, userId, 'comments', now);
  const badges = eventBadges(storedFacts(moved), moved.badges).join(',');
  if (badges !== moved.badges) await ex.updateTable('member_reputation').set({ badges }).where('user_id', '=', userId).execute();
}
