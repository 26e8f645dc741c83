import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { readSingleUpload } from '../../http/uploads.js';
import { requireUser } from '../../plugins/auth.js';
import { endSessionsAfterPasswordChange } from '../security/index.js';
import { replaceAvatar, updateProfile } from './commands.js';
import { profileOf } from './queries.js';
import { presentUser } from './presenter.js';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, profileReplySchema, profileUpdateSchema, publicUserSchema } from '../../../shared/schemas/members/users.js';
import { replies } from '../../../shared/schemas/envelope.js';

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const reply = (user: UserRow, token?: string) => ok({ ...presentUser(user), user: presentUser(user), ...(token ? { token } : {}) });

  app.get(
    '/users/:id/profile',
    { schema: { tags: ['users'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(publicUserSchema) } },
    async (request) => ok(presentUser(await profileOf(deps, requireUser(request), request.params.id))),
  );

  app.put(
    '/users/:id/profile',
    { schema: { tags: ['users'], params: idParamsSchema, body: profileUpdateSchema, security: [{ bearer: [] }], response: replies(profileReplySchema) } },
    async (request) => {
      const actor = requireUser(request);
      const own = actor.id === request.params.id;
      const { user, token } = await updateProfile(deps, actor, request.params.id, request.body, own ? request.session?.id : undefined);
      // A new password signs out the member's other sessions (the token version moved); the list and activity show it.
      if (token) await endSessionsAfterPasswordChange(deps.db.kysely, user.id, own ? request.session?.id : undefined, request);
      return reply(user, token);
    },
  );

  app.post(
    '/users/:id/avatar',
    {
      schema: { tags: ['users'], params: idParamsSchema, security: [{ bearer: [] }], consumes: ['multipart/form-data'], response: replies(profileReplySchema) },
    },
    async (request) => {
      // Who and whose first, then the upload is read.
      const target = await profileOf(deps, requireUser(request), request.params.id);
      const file = await readSingleUpload(request, 'avatar', AVATAR_MAX_BYTES, AVATAR_TOO_LARGE);
      return reply(await replaceAvatar(deps, target, file));
    },
  );
}
