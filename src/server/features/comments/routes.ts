import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentCreateSchema } from '../../../shared/schemas/comments.js';
import { idParamsSchema, idSchema } from '../../../shared/schemas/common.js';
import { pagedQuerySchema } from '../../../shared/schemas/deals.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../deals/guards.js';
import { assertCanView } from '../deals/policy.js';
import { writeLimit } from '../deals/rate-limits.js';
import { addComment, listComments, removeComment, userComments } from './queries.js';

export const USER_COMMENTS_PAGE_SIZE = 20;

export async function commentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // Static before parametric for the reader; the router prefers /comments/user/me to /comments/:dealId anyway.
  app.get(
    '/comments/user/me',
    { schema: { tags: ['comments'], querystring: pagedQuerySchema(USER_COMMENTS_PAGE_SIZE), security: [{ bearer: [] }] }, onRequest: signedIn() },
    async (request) => {
      const user = requireUser(request);
      return ok(await userComments(db, user.id, request.query.page, request.query.pageSize));
    },
  );

  app.get('/comments/:dealId', { schema: { tags: ['comments'], params: z.object({ dealId: idSchema }) } }, async (request) => {
    const deal = await db.kysely.selectFrom('deals').select(['status', 'user_id']).where('id', '=', request.params.dealId).executeTakeFirst();
    assertCanView(request.user, deal);
    return ok(await listComments(db, request.params.dealId));
  });

  app.post(
    '/comments',
    { schema: { tags: ['comments'], body: commentCreateSchema, security: [{ bearer: [] }] }, onRequest: signedIn('Please log in to add a comment'), config: writeLimit(app, 'comment') },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(ok(await addComment(db, user, request.body.dealId, request.body.text)));
    },
  );

  app.delete(
    '/comments/:id',
    { schema: { tags: ['comments'], params: idParamsSchema, security: [{ bearer: [] }] }, onRequest: signedIn(), config: writeLimit(app, 'commentDelete') },
    async (request) => {
      await removeComment(db, requireUser(request), request.params.id);
      return ok({ id: request.params.id, deleted: true });
    },
  );
}
