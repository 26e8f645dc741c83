import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { assertMayManage } from './policy.js';

export const USER_NOT_FOUND = 'User not found';

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
    .where((eb) => eb.or([...(username ? [eb('username_key', '=', username.toLowerCase())] : []), ...(email ? [eb('email', '=', email.toLowerCase())] : [])]))
    .execute();
  const others = rows.filter((r) => r.id !== exceptId);
  return {
    username: !!username && others.some((r) => r.username_key === username.toLowerCase()),
    email: !!email && others.some((r) => r.email === email.toLowerCase()),
  };
}

async function existingUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<UserRow> {
  const user = await findUserById(deps.db.kysely, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** GET /users/{id}/profile, and the account a profile change is about: self or an admin (policy.ts). */
export async function profileOf(deps: Pick<AppDeps, 'db'>, actor: UserRow, id: number): Promise<UserRow> {
  assertMayManage(actor, id);
  return existingUser(deps, id);
}
