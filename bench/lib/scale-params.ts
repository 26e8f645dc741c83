import type { Db } from '../../src/server/db/connection.js';
import { KEEP_NEWEST } from '../../src/shared/domain/members/notifications.js';

/**
 * Inputs for the latency cases, sampled from the database under test so every size is asked comparable questions:
 * random open deals, deals that have comments, words that occur in titles, and members who have not yet voted on
 * the deal they will vote on.
 */
export interface ScaleParams {
  dealIds: number[];
  commentedDealIds: number[];
  searchTerms: string[];
  /** Distinct members with a deal each that they may vote on (open, not theirs, not voted). */
  voters: Array<{ userId: number; tokenVersion: number; dealId: number }>;
  /** Distinct members with a deal each to comment on. */
  commenters: Array<{ userId: number; tokenVersion: number; dealId: number }>;
  /** Members who each follow FOLLOWS_PER_FOLLOWER shops, categories and posters (the Following tab's case). */
  followers: Array<{ userId: number; tokenVersion: number }>;
  /** Members who each keep KEEP_NEWEST notifications (the most a member keeps), half of them unread (the unread count's case). */
  notified: Array<{ userId: number; tokenVersion: number }>;
}

/** Gives each member KEEP_NEWEST notifications, every other one read (written once: a rerun finds them). */
async function makeNotified(db: Db, members: Array<{ userId: number; tokenVersion: number }>) {
  const k = db.kysely;
  const now = Date.now();
  for (const m of members) {
    const rows = Array.from({ length: KEEP_NEWEST }, (_, i) => ({
      user_id: m.userId,
      type: 'deal.comment',
      text: `A comment on your deal (${i})`,
      url: '/',
      group_key: `bench:${i}`,
      created_at: new Date(now - i * 60_000).toISOString(),
      read_at: i % 2 ? new Date(now).toISOString() : null,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await k
        .insertInto('notifications')
        .values(rows.slice(i, i + 100))
        .onConflict((oc) => oc.columns(['user_id', 'group_key']).doNothing())
        .execute();
  }
}

/** What a follower of the Following tab's case follows: 50 things, as the target reads. */
export const FOLLOWS_PER_FOLLOWER = 50;

/**
 * Gives `members` follows of FOLLOWS_PER_FOLLOWER things each (written once: a rerun on the same database finds them):
 * up to 20 shops and 10 categories with the most deals' share spread by id, and the rest posters of sampled deals.
 */
async function makeFollowers(db: Db, members: Array<{ userId: number; tokenVersion: number }>, posters: number[]) {
  const k = db.kysely;
  const stores = (await k.selectFrom('stores').select('id').orderBy('id').limit(20).execute()).map((r) => Number(r.id));
  const categories = (await k.selectFrom('categories').select('id').orderBy('id').limit(10).execute()).map((r) => Number(r.id));
  const now = new Date().toISOString();
  for (const [n, m] of members.entries()) {
    const people = [...new Set(posters.filter((p) => p !== m.userId))].slice(n, n + FOLLOWS_PER_FOLLOWER);
    const things = [
      ...stores.map((id) => ({ target_type: 'store', target_id: id })),
      ...categories.map((id) => ({ target_type: 'category', target_id: id })),
      ...people.map((id) => ({ target_type: 'member', target_id: id })),
    ].slice(0, FOLLOWS_PER_FOLLOWER);
    await k
      .insertInto('follows')
      .values(things.map((t) => ({ user_id: m.userId, ...t, created_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .execute();
  }
}

const STOP_WORDS = new Set(['with', 'from', 'this', 'that', 'only', 'free', 'your', 'when', 'plus', 'pack', 'deal', 'deals', 'save']);

function shuffle<T>(xs: T[], seed = 42): T[] {
  // A fixed seed: the same database gets the same questions on every run.
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export async function sampleParams(db: Db, want: number): Promise<ScaleParams> {
  const k = db.kysely;
  const now = new Date().toISOString();
  const open = (qb: any) => qb.where('status', '=', 'active').where((eb: any) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));

  // Evenly spread ids rather than ORDER BY random(): no full sort of a million rows, and deterministic.
  const bounds = await k
    .selectFrom('deals')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .executeTakeFirstOrThrow();
  const lo = Number(bounds.lo ?? 0);
  const hi = Number(bounds.hi ?? 0);
  if (hi === 0) throw new Error('the benchmark database has no deals');
  const step = Math.max(1, Math.floor((hi - lo) / (want * 4)));
  // Read by primary key: a filter on `id % step` read the whole table, past the statement timeout on a cold 10M database.
  const everyStep = Array.from({ length: want * 4 }, (_, i) => lo + i * step).filter((id) => id <= hi);
  const spread = await open(k.selectFrom('deals').select(['id', 'user_id']))
    .where('id', 'in', everyStep)
    .execute();
  const openDeals = shuffle(spread as Array<{ id: number; user_id: number | null }>).map((r) => ({
    id: Number(r.id),
    userId: r.user_id === null ? null : Number(r.user_id),
  }));
  if (openDeals.length === 0) throw new Error('the benchmark database has no open (active, unexpired) deals');

  const commented = await k
    .selectFrom('deals')
    .select('id')
    .where('status', '=', 'active')
    .where('comment_count', '>', 0)
    .where('id', 'in', everyStep)
    .limit(want)
    .execute();

  const titles = await k.selectFrom('deals').select('title').where('id', 'in', everyStep.slice(0, 400)).execute();
  const words = new Set<string>();
  for (const t of titles) for (const w of t.title.toLowerCase().match(/[a-z]{4,}/g) ?? []) if (!STOP_WORDS.has(w)) words.add(w);

  const members = await k
    .selectFrom('users')
    .select(['id', 'token_version'])
    .where('role', '=', 'user')
    .where('email_verified_at', 'is not', null)
    .orderBy('id')
    .limit(want * 2)
    .execute();
  if (members.length === 0) throw new Error('the benchmark database has no verified members');
  const memberList = shuffle(members.map((m) => ({ userId: Number(m.id), tokenVersion: Number(m.token_version) })));

  // Pair each member with a deal they may vote on; existing votes are checked in one query per batch.
  const voters: ScaleParams['voters'] = [];
  const commenters: ScaleParams['commenters'] = [];
  let d = 0;
  for (let m = 0; m < memberList.length && voters.length < want; m++) {
    const member = memberList[m];
    for (let tries = 0; tries < 5; tries++) {
      const deal = openDeals[d++ % openDeals.length];
      if (deal.userId === member.userId) continue;
      const voted = await k.selectFrom('votes').select('id').where('deal_id', '=', deal.id).where('user_id', '=', member.userId).executeTakeFirst();
      if (voted) continue;
      voters.push({ ...member, dealId: deal.id });
      break;
    }
    commenters.push({ ...member, dealId: openDeals[(m * 7) % openDeals.length].id });
  }
  if (voters.length === 0) throw new Error('found no member who may vote on a sampled deal');

  const followers = memberList.slice(0, Math.min(5, memberList.length));
  await makeFollowers(
    db,
    followers,
    openDeals.map((x) => x.userId).filter((id): id is number => id !== null),
  );

  const notified = memberList.slice(5, Math.min(10, memberList.length));
  await makeNotified(db, notified.length > 0 ? notified : followers);

  return {
    followers,
    notified: notified.length > 0 ? notified : followers,
    dealIds: openDeals.map((x) => x.id).slice(0, want),
    commentedDealIds: commented.length > 0 ? commented.map((r) => Number(r.id)) : openDeals.map((x) => x.id).slice(0, want),
    searchTerms: words.size > 0 ? shuffle([...words]) : ['phone'],
    voters,
    commenters,
  };
}
