import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../plugins/auth.js';
import { adminUsersQuerySchema, roleChangeSchema } from './schemas.js';
import { changeRole, listUsers } from './users.js';

export async function adminUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db.kysely;

  app.get('/admin/users', { schema: { tags: ['admin'], querystring: adminUsersQuerySchema, security: [{ bearer: [] }] } }, async (request) =>
    ok(await listUsers(db, request.query)),
  );

  app.put(
    '/admin/users/:id/role',
    { schema: { tags: ['admin'], params: idParamsSchema, body: roleChangeSchema, security: [{ bearer: [] }] } },
    async (request) => {
      const actor = requireAdmin(request);
      const user = await changeRole(db, actor.id, request.params.id, request.body.role);
      return ok({ user, ...user });
    },
  );
}
