import type { FollowType } from '../../../shared/domain/members/follows.js';
import { FOLLOW_MESSAGES } from '../../../shared/schemas/members/follows.js';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { assertMayFollow } from './policy.js';
import { followCount, followTargetExists } from './queries.js';

/**
 * POST /follows: follows a shop, category or member. Following again changes nothing; yourself is a 400, something
 * that does not exist a 404, the 501st thing a 409. The count and the insert share a transaction (SQLite serialises
 * writers; on PostgreSQL two racing follows may pass 500 by one, which the next follow's check sees).
 */
export async function follow(db: Db, userId: number, type: FollowType, id: number): Promise<void> {
  assertMayFollow(type, id, userId, 0);
  if (!(await followTargetExists(db, type, id))) throw notFound(FOLLOW_MESSAGES.notFound[type]);
  const existing = await db.kysely
    .selectFrom('follows')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('target_type', '=', type)
    .where('target_id', '=', id)
    .executeTakeFirst();
  if (existing) return;
  assertMayFollow(type, id, userId, await followCount(db, userId));
  await db.kysely
    .insertInto('follows')
    .values({ user_id: userId, target_type: type, target_id: id, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
    .execute();
}

/** DELETE /follows/{type}/{id}: idempotent. */
export async function unfollow(db: Db, userId: number, type: FollowType, id: number): Promise<void> {
  await db.kysely.deleteFrom('follows').where('user_id', '=', userId).where('target_type', '=', type).where('target_id', '=', id).execute();
}
