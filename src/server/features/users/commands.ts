import { IMAGE_ONLY } from '../../../shared/schemas/common.js';
import type { ProfileUpdateInput } from '../../../shared/schemas/users.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow, UsersTable } from '../../db/schema.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { AVATAR_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';
import { findConflicts, findUserById, nowIso } from './queries.js';
import type { Updateable } from 'kysely';

export const USER_NOT_FOUND = 'User not found';

/** Self or an admin manages a profile. */
export function assertMayManage(actor: UserRow, id: number): void {
  if (actor.id !== id && actor.role !== 'admin') throw forbidden('You can only manage your own profile');
}

async function existingUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<UserRow> {
  const user = await findUserById(deps.db.kysely, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

export async function profileOf(deps: Pick<AppDeps, 'db'>, actor: UserRow, id: number): Promise<UserRow> {
  assertMayManage(actor, id);
  return existingUser(deps, id);
}

/**
 * PUT /users/{id}/profile: username, email, bio and (the owner only, proving the current one) the password. A new
 * password bumps the token version, which revokes every older token; the caller gets a fresh one to carry on.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  actor: UserRow,
  id: number,
  input: ProfileUpdateInput,
): Promise<{ user: UserRow; token?: string }> {
  assertMayManage(actor, id);
  const target = await existingUser(deps, id);
  const { username, email, bio, currentPassword, newPassword } = input;
  const taken = await findConflicts(deps.db.kysely, username, email, target.id);
  if (taken.username) throw conflict('That username is already taken', 'username');
  if (taken.email) throw conflict('An account with that email already exists', 'email');

  const changes: Updateable<UsersTable> = { updated_at: nowIso() };
  if (username !== undefined) Object.assign(changes, { username, username_key: username.toLowerCase() });
  if (email !== undefined && email.toLowerCase() !== target.email) changes.email = email.toLowerCase();
  if (bio !== undefined) changes.bio = bio?.trim() ? bio.trim() : null;
  if (newPassword) {
    // Even an admin changing their own password must prove the current one; nobody changes another's here.
    if (actor.id !== target.id) throw forbidden('Only the account owner can change its password');
    if (!currentPassword || !(await verifyPassword(target.password_hash, currentPassword))) {
      throw new HttpError(400, 'Current password is incorrect', { field: 'currentPassword' });
    }
    changes.password_hash = await hashPassword(newPassword);
    changes.token_version = target.token_version + 1;
  }
  const user = await deps.db.kysely.updateTable('users').set(changes).where('id', '=', target.id).returningAll().executeTakeFirstOrThrow();
  const token = newPassword ? await deps.tokens.sign({ userId: user.id, version: user.token_version }) : undefined;
  return { user, token };
}

/** POST /users/{id}/avatar: the re-encoded image replaces the old one, whose files go after the update. */
export async function replaceAvatar(deps: Pick<AppDeps, 'db' | 'config'>, target: UserRow, file: { buffer: Buffer; mimetype: string }): Promise<UserRow> {
  if (!file.mimetype.startsWith('image/')) throw new HttpError(415, IMAGE_ONLY);
  const stored = await storeImage(file.buffer, deps.config.uploadsDir, 'avatars', AVATAR_IMAGE);
  const user = await deps.db.kysely.updateTable('users').set({ avatar: stored.url, updated_at: nowIso() }).where('id', '=', target.id).returningAll().executeTakeFirstOrThrow();
  await removeUpload(deps.config.uploadsDir, target.avatar);
  return user;
}
