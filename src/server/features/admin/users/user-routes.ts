import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../shared/schemas/common.js';
import { ok } from '../../../http/envelope.js';
import { requireAdmin } from '../../../plugins/auth.js';
import { adminUserPageSchema, adminUsersQuerySchema, roleChangeReplySchema, roleChangeSchema } from '../../../../shared/schemas/admin/admin-users.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import { changeRole } from './commands.js';
import { listUsers } from './queries.js';

export async function adminUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/admin/users',
    { schema: { tags: ['admin'], querystring: adminUsersQuerySchema, security: [{ bearer: [] }], response: replies(adminUserPageSchema) } },
    async (request) => ok(await listUsers(db, request.query)),
  );

  app.put(
    '/admin/users/:id/role',
    { schema: { tags: ['admin'], params: idParamsSchema, body: roleChangeSchema, security: [{ bearer: [] }], response: replies(roleChangeReplySchema) } },
    async (request) => {
      const actor = requireAdmin(request);
      const user = await changeRole(db, actor.id, request.params.id, request.body.role);
      return ok({ user, ...user });
    },
  );
}
