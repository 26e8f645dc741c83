import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MemberProfile } from '../../../shared/schemas/members/members.js';
import type { AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import type { Db } from '../../db/connection.js';
import { dealCards, statusSql } from '../deals/index.js';
import { assertListed, isListed } from './policy.js';
import { presentMember } from './presenter.js';
import { PUBLIC_STATUSES } from '../../../shared/domain/deals/deal-visibility.js';
import { parseBadges } from '../../../shared/domain/members/reputation.js';

/** How many of a member's live deals the page shows. */
export const MEMBER_DEALS_LIMIT = 20;

/**
 * The members a text's `@names` name (shared/domain/members/notifications.ts mentionedUsernames: at most 10), by their
 * case-insensitive key, verified accounts only (the ones with a public page): who a mention notifies, and which names
 * the web links to /members/{username}.
 */
export async function mentionedMembers(db: Kysely<Database> | Transaction<Database>, names: string[]): Promise<Array<{ id: number; username: string }>> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'username']).where('username_key', 'in', names).where('email_verified_at', 'is not', null).execute();
  return rows.map((r) => ({ id: Number(r.id), username: r.username }));
}
/** Usernames are at most 20 characters (users.username_key): anything longer is nobody. */
const USERNAME_MAX = 20;

/**
 * GET /members/{username}: a member's public page, looked up case-insensitively by users.username_key.
 * Accounts that have not verified their email are nobody yet (their bio never goes public unverified). Every read is
 * one range of deals(user_id, status, published_at, id) or comments(user_id, id) (migration 008 and 001).
 */
export async function memberProfile(db: Db, username: string, viewerId: number | null, affiliate: AffiliateConfig): Promise<MemberProfile> {
  const user = await findAccount(db, username);
  assertListed(user);
  const userId = Number(user.id);
  const nowIso = new Date().toISOString();

  const [ids, counts, stored] = await Promise.all([
    activeDealIds(db, userId, nowIso),
    memberCounts(db, userId, nowIso),
    db.kysely.selectFrom('member_reputation').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  ]);
  const deals = await dealCards(db, ids, viewerId, affiliate);
  // The record as the reputation job and events stored it (never worked out on a page view).
  const record = {
    dealsPosted: Number(stored?.deals_posted ?? 0),
    hotDeals: Number(stored?.hot_deals ?? 0),
    hotShare: stored && Number(stored.deals_posted) > 0 ? Number(stored.hot_deals) / Number(stored.deals_posted) : 0,
    comments: Number(stored?.comments ?? 0),
    likesReceived: Number(stored?.likes_received ?? 0),
    vouchersPosted: Number(stored?.vouchers_posted ?? 0),
    voucherSuccess: stored?.voucher_success == null ? null : Number(stored.voucher_success),
  };
  return presentMember(user, counts, deals, record, parseBadges(stored?.badges));
}

/** The account under `username` (any letter case), whether or not it may have a public page (policy.ts). */
async function findAccount(db: Db, username: string) {
  const key = username.trim().toLowerCase();
  if (key.length === 0 || key.length > USERNAME_MAX) return undefined;
  const user = await db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'role', 'bio', 'created_at', 'email_verified_at'])
    .where('username_key', '=', key)
    .executeTakeFirst();
  return user;
}

/** Whether /members/{username} is someone's page (the web's member page then shows them; else it is a 404). */
export const isMember = async (db: Db, username: string): Promise<boolean> => isListed(await findAccount(db, username));

/** The member's live deals, newest first: an ordered read of deals(user_id, status, published_at, id). */
async function activeDealIds(db: Db, userId: number, nowIso: string): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('deals as d')
    .select('d.id')
    .where('d.user_id', '=', userId)
    .where(statusSql('active', nowIso))
    .orderBy('d.published_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(MEMBER_DEALS_LIMIT)
    .execute();
  return rows.map((r) => Number(r.id));
}

async function memberCounts(db: Db, userId: number, nowIso: string) {
  const count = sql<number>`COUNT(*)`.as('n');
  const [posted, active, comments] = await Promise.all([
    db.kysely.selectFrom('deals as d').select(count).where('d.user_id', '=', userId).where('d.status', 'in', PUBLIC_STATUSES).executeTakeFirstOrThrow(),
    db.kysely.selectFrom('deals as d').select(count).where('d.user_id', '=', userId).where(statusSql('active', nowIso)).executeTakeFirstOrThrow(),
    // Comments shown on public deals; "[deleted]" placeholders are not the member's any more.
    db.kysely
      .selectFrom('comments as c')
      .innerJoin('deals as d', 'd.id', 'c.deal_id')
      .select(count)
      .where('c.user_id', '=', userId)
      .where('c.deleted_at', 'is', null)
      .where('d.status', 'in', PUBLIC_STATUSES)
      .executeTakeFirstOrThrow(),
  ]);
  return { dealsPosted: Number(posted.n), activeDeals: Number(active.n), comments: Number(comments.n) };
}
