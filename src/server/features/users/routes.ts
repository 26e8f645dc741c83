import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { AVATAR_MAX_BYTES, profileUpdateSchema } from '../../../shared/schemas/users.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { isAdmin, requireUser } from '../../plugins/auth.js';
import { AVATAR_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';
import { readSingleUpload } from '../../http/uploads.js';
import { presentUser } from './presenter.js';
import { findConflicts, findUserById, nowIso } from './queries.js';

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db.kysely;

  /** Self or an admin. */
  const authorise = (request: Parameters<typeof requireUser>[0], id: number) => {
    const user = requireUser(request);
    if (user.id !== id && !isAdmin(user)) throw forbidden('You can only manage your own profile');
    return user;
  };

  app.get('/users/:id/profile', { schema: { tags: ['users'], params: idParamsSchema, security: [{ bearer: [] }] } }, async (request) => {
    authorise(request, request.params.id);
    const user = await findUserById(db, request.params.id);
    if (!user) throw notFound('User not found');
    return ok(presentUser(user));
  });

  app.put('/users/:id/profile', { schema: { tags: ['users'], params: idParamsSchema, body: profileUpdateSchema, security: [{ bearer: [] }] } }, async (request) => {
    const actor = authorise(request, request.params.id);
    const target = await findUserById(db, request.params.id);
    if (!target) throw notFound('User not found');
    const { username, email, bio, currentPassword, newPassword } = request.body;
    const taken = await findConflicts(db, username, email, target.id);
    if (taken.username) throw conflict('That username is already taken', 'username');
    if (taken.email) throw conflict('An account with that email already exists', 'email');

    const changes: Record<string, unknown> = { updated_at: nowIso() };
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
    const updated = await db.updateTable('users').set(changes).where('id', '=', target.id).returningAll().executeTakeFirstOrThrow();
    // A password change revokes older tokens; hand the caller a fresh one so this session continues.
    const token = newPassword ? await app.deps.tokens.sign({ userId: updated.id, version: updated.token_version }) : undefined;
    return ok({ ...presentUser(updated), user: presentUser(updated), ...(token ? { token } : {}) });
  });

  app.post('/users/:id/avatar', { schema: { tags: ['users'], params: idParamsSchema, security: [{ bearer: [] }], consumes: ['multipart/form-data'] } }, async (request) => {
    authorise(request, request.params.id);
    const target = await findUserById(db, request.params.id);
    if (!target) throw notFound('User not found');
    const file = await readSingleUpload(request, 'avatar', AVATAR_MAX_BYTES, 'File too large. Maximum size is 2MB.');
    if (!file.mimetype.startsWith('image/')) throw new HttpError(415, 'Only image files are allowed.');
    const stored = await storeImage(file.buffer, app.deps.config.uploadsDir, 'avatars', AVATAR_IMAGE);
    const updated = await db.updateTable('users').set({ avatar: stored.url, updated_at: nowIso() }).where('id', '=', target.id).returningAll().executeTakeFirstOrThrow();
    await removeUpload(app.deps.config.uploadsDir, target.avatar);
    return ok({ ...presentUser(updated), user: presentUser(updated) });
  });

}
