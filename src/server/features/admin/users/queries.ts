import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import { presentAdminUser } from './presenter.js';
import { type AdminUsersQuery, USER_SORT_KEYS } from '../../../../shared/schemas/admin/admin-users.js';

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
