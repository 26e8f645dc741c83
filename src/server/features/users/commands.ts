import { IMAGE_ONLY } from '../../../shared/schemas/common.js';
import { EMAIL_CHANGE_ELSEWHERE } from '../../../shared/schemas/members/account.js';
import type { ProfileUpdateInput } from '../../../shared/schemas/members/users.js';
import type { AppDeps } from '../../deps.js';
import type { Database, NewUser, UserRow, UsersTable } from '../../db/schema.js';
import { conflict, HttpError } from '../../http/errors.js';
import { AVATAR_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';
import { assertMayChangePassword } from './policy.js';
import { findConflicts, nowIso, profileOf } from './queries.js';
import type { Kysely, Updateable } from 'kysely';

/**
 * PUT /users/{id}/profile: username, email, bio and (the owner only, proving the current one) the password. A new
 * password bumps the token version, which revokes every older token; the caller gets a fresh one to carry on.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  actor: UserRow,
  id: number,
  input: ProfileUpdateInput,
  sessionId?: number,
): Promise<{ user: UserRow; token?: string }> {
  const target = await profileOf(deps, actor, id);
  const { username, email, bio, currentPassword, newPassword } = input;
  // A new address takes effect only once its link is followed (POST /account/email, docs/notes/data-rights.md).
  if (email !== undefined && email.trim().toLowerCase() !== target.email) throw new HttpError(400, EMAIL_CHANGE_ELSEWHERE, { field: 'email' });
  const taken = await findConflicts(deps.db.kysely, username, undefined, target.id);
  if (taken.username) throw conflict('That username is already taken', 'username');
  const changes: Updateable<UsersTable> = { updated_at: nowIso() };
  if (username !== undefined) Object.assign(changes, { username, username_key: username.toLowerCase() });
  if (bio !== undefined) changes.bio = bio?.trim() ? bio.trim() : null;
  if (newPassword) {
    assertMayChangePassword(actor, target.id);
    if (!currentPassword || !(await verifyPassword(target.password_hash, currentPassword))) {
      throw new HttpError(400, 'Current password is incorrect', { field: 'currentPassword' });
    }
    changes.password_hash = await hashPassword(newPassword);
    changes.token_version = target.token_version + 1;
  }
  const user = await deps.db.kysely.updateTable('users').set(changes).where('id', '=', target.id).returningAll().executeTakeFirstOrThrow();
  const token = newPassword ? await deps.tokens.sign({ userId: user.id, version: user.token_version, sessionId }) : undefined;
  return { user, token };
}

/** POST /users/{id}/avatar: the re-encoded image replaces the old one, whose files go after the update. */
export async function replaceAvatar(deps: Pick<AppDeps, 'db' | 'config'>, target: UserRow, file: { buffer: Buffer; mimetype: string }): Promise<UserRow> {
  if (!file.mimetype.startsWith('image/')) throw new HttpError(415, IMAGE_ONLY);
  const stored = await storeImage(file.buffer, deps.config.uploadsDir, 'avatars', AVATAR_IMAGE);
  const user = await deps.db.kysely
    .updateTable('users')
    .set({ avatar: stored.url, updated_at: nowIso() })
    .where('id', '=', target.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await removeUpload(deps.config.uploadsDir, target.avatar);
  return user;
}

export async function insertUser(db: Kysely<Database>, user: Omit<NewUser, 'username_key' | 'created_at' | 'updated_at'>): Promise<UserRow> {
  const now = nowIso();
  return db
    .insertInto('users')
    .values({ ...user, email: user.email.toLowerCase(), username_key: user.username.toLowerCase(), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}
