import { sql } from 'kysely';
import { FOLLOW_TYPES, type FollowType, followedUrl, MAX_FOLLOWS } from '../../../shared/domain/members/follows.js';
import type { FollowIds, FollowList } from '../../../shared/schemas/members/follows.js';
import type { Db } from '../../db/connection.js';

/** The ids a member follows, per type: one range of the follows primary key. */
export async function followIds(db: Db, userId: number): Promise<FollowIds> {
  const rows = await db.kysely.selectFrom('follows').select(['target_type', 'target_id']).where('user_id', '=', userId).execute();
  const ids: FollowIds = { store: [], category: [], member: [] };
  for (const r of rows) if ((FOLLOW_TYPES as readonly string[]).includes(r.target_type)) ids[r.target_type as FollowType].push(Number(r.target_id));
  return ids;
}

/** What a member follows, newest first, with each thing's name and page (things gone since are left out). */
export async function followList(db: Db, userId: number): Promise<FollowList> {
  const rows = await db.kysely
    .selectFrom('follows as f')
    .leftJoin('stores as s', (j) => j.onRef('s.id', '=', 'f.target_id').on('f.target_type', '=', 'store'))
    .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'f.target_id').on('f.target_type', '=', 'category'))
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'f.target_id').on('f.target_type', '=', 'member'))
    .select(['f.target_type', 'f.target_id', 'f.created_at', sql<string | null>`COALESCE(s.name, c.name, u.username)`.as('name')])
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.target_id', 'desc')
    .execute();
  const items = rows
    .filter((r) => r.name !== null)
    .map((r) => {
      const type = r.target_type as FollowType;
      const name = r.name as string;
      return { type, id: Number(r.target_id), name, url: followedUrl(type, Number(r.target_id), name), followedAt: r.created_at };
    });
  return { items, total: items.length, max: MAX_FOLLOWS };
}

/** Whether the thing exists (a member: a verified account, the ones with a public page). */
export async function followTargetExists(db: Db, type: FollowType, id: number): Promise<boolean> {
  const k = db.kysely;
  if (type === 'store') return !!(await k.selectFrom('stores').select('id').where('id', '=', id).executeTakeFirst());
  if (type === 'category') return !!(await k.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());
  return !!(await k.selectFrom('users').select('id').where('id', '=', id).where('email_verified_at', 'is not', null).executeTakeFirst());
}

export async function followCount(db: Db, userId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
