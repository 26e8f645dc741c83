import { type Kysely, sql } from 'kysely';
import type { AdminUser } from '../../../../shared/api.js';
import type { Role } from '../../../../shared/schemas/users.js';
import type { Db } from '../../../db/connection.js';
import type { Database, UserRow } from '../../../db/schema.js';
import { forbidden, notFound } from '../../../http/errors.js';
import { presentUser } from '../../users/index.js';
import { logModeration } from '../../moderation/index.js';
import { type AdminUsersQuery, USER_SORT_KEYS } from '../../../../shared/schemas/admin.js';

/** Accounts 1 and 2 are the two fixed administrators (SPEC §6, §9). */
export const PROTECTED_ADMIN_IDS: readonly number[] = [1, 2];
export const PROTECTED_ADMIN_MESSAGE = 'Accounts 1 and 2 are the site administrators and always keep the admin role';

export const presentAdminUser = (row: UserRow): AdminUser => ({ ...presentUser(row), isProtectedAdmin: PROTECTED_ADMIN_IDS.includes(row.id) });

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of members. Search is "contains" on the lowercased username key and email: the users table is small next to
 * deals, and every query is bounded by LIMIT; the count runs over the same filter.
 */
export async function listUsers({ kysely: db }: Db, q: AdminUsersQuery) {
  const column = USER_SORT_KEYS[q.sortBy ?? 'created_at'];
  const dir = q.sortOrder ?? 'desc';
  let base = db.selectFrom('users');
  if (q.search) {
    const pattern = containsPattern(q.search);
    base = base.where((eb) =>
      eb.or([sql<boolean>`${eb.ref('username_key')} LIKE ${pattern} ESCAPE '\\'`, sql<boolean>`${eb.ref('email')} LIKE ${pattern} ESCAPE '\\'`]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(column, dir)
      .orderBy('id', dir)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const totalCount = Number(total.n);
  return { users: rows.map(presentAdminUser), totalCount, page: q.page, limit: q.limit, totalPages: Math.ceil(totalCount / q.limit) };
}

/** Changes a member's role and logs it with the role before and after; accounts 1 and 2 stay admins. */
export async function changeRole({ kysely: db }: Db, actorId: number, userId: number, role: Role): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!target) throw notFound('User not found');
    if (PROTECTED_ADMIN_IDS.includes(userId) && role !== 'admin') throw forbidden(PROTECTED_ADMIN_MESSAGE);
    if (target.role === role) return presentAdminUser(target);
    const updated = await trx
      .updateTable('users')
      .set({ role, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logModeration(trx, {
      actorId,
      action: 'role-change',
      entityType: 'user',
      entityId: userId,
      entityTitle: target.username,
      before: { role: target.role },
      after: { role },
    });
    return presentAdminUser(updated);
  });
}
