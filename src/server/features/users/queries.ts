import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../../db/schema.js';

export const nowIso = () => new Date().toISOString();

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Username (case-insensitive) or email. */
export function findUserByCredential(db: Kysely<Database>, credential: string): Promise<UserRow | undefined> {
  const key = credential.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
    .executeTakeFirst();
}

export async function findConflicts(db: Kysely<Database>, username: string | undefined, email: string | undefined, exceptId?: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username_key', 'email'])
    .where((eb) =>
      eb.or([
        ...(username ? [eb('username_key', '=', username.toLowerCase())] : []),
        ...(email ? [eb('email', '=', email.toLowerCase())] : []),
      ]),
    )
    .execute();
  const others = rows.filter((r) => r.id !== exceptId);
  return {
    username: !!username && others.some((r) => r.username_key === username.toLowerCase()),
    email: !!email && others.some((r) => r.email === email.toLowerCase()),
  };
}

export async function insertUser(db: Kysely<Database>, user: Omit<NewUser, 'username_key' | 'created_at' | 'updated_at'>): Promise<UserRow> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase(), username_key: user.username.toLowerCase(), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}
