import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USER_COMMENTS_PAGE_SIZE } from '../../../shared/domain/constants.js';
import { pagedQuerySchema } from '../../../shared/schemas/deals/deals.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { softWriteOn } from '../../plugins/read-cache/soft-writes.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import {
  commentCreateSchema,
  commentEditSchema,
  commentLikeResultSchema,
  commentListSchema,
  commentSchema,
  userCommentsPageSchema,
} from '../../../shared/schemas/deals/comments.js';
import { dealIdParamsSchema, deletedSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { addComment, editComment, likeComment, removeComment, unlikeComment } from './commands.js';
import { listComments, userComments } from './queries.js';

export async function commentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // Static before parametric for the reader; the router prefers /comments/user/me to /comments/:dealId anyway.
  app.get(
    '/comments/user/me',
    {
      schema: {
        tags: ['comments'],
        querystring: pagedQuerySchema(USER_COMMENTS_PAGE_SIZE),
        security: [{ bearer: [] }],
        response: replies(userCommentsPageSchema),
      },
      onRequest: signedIn(),
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await userComments(db, user.id, request.query.page, request.query.pageSize));
    },
  );

  app.get('/comments/:dealId', { schema: { tags: ['comments'], params: dealIdParamsSchema, response: replies(commentListSchema) } }, async (request) => {
    return ok(await listComments(db, request.user, request.params.dealId));
  });

  app.post(
    '/comments',
    {
      schema: { tags: ['comments'], body: commentCreateSchema, security: [{ bearer: [] }], response: replies(commentSchema, 201) },
      onRequest: signedIn('Please log in to add a comment'),
      config: { ...writeLimit(app, 'comment'), softWrite: true },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { dealId, text, parentId } = request.body;
      softWriteOn(request, dealId);
      return reply.status(201).send(ok(await addComment(db, user, dealId, text, parentId ?? null)));
    },
  );

  // Likes: idempotent, members only, sharing the voting budget.
  const likeRoute = {
    schema: { tags: ['comments'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(commentLikeResultSchema) },
    onRequest: signedIn('Please log in to like a comment'),
    config: { ...writeLimit(app, 'vote'), softWrite: true },
  };
  const setLike = (like: typeof likeComment) => async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const { dealId, ...result } = await like(db, requireUser(request), request.params.id);
    // A like changes that deal's comment list, not the lists of deals.
    softWriteOn(request, dealId, { lists: false });
    return ok(result);
  };
  app.post('/comments/:id/like', likeRoute, setLike(likeComment));
  app.delete('/comments/:id/like', likeRoute, setLike(unlikeComment));

  // Its author, for 15 minutes after posting (shared/domain/deals/comment-edit.ts); shown "edited".
  app.put(
    '/comments/:id',
    {
      schema: { tags: ['comments'], params: idParamsSchema, body: commentEditSchema, security: [{ bearer: [] }], response: replies(commentSchema) },
      onRequest: signedIn(),
      config: writeLimit(app, 'comment'),
    },
    async (request) => ok(await editComment(db, requireUser(request), request.params.id, request.body.text)),
  );

  app.delete(
    '/comments/:id',
    {
      schema: { tags: ['comments'], params: idParamsSchema, security: [{ bearer: [] }], response: replies(deletedSchema) },
      onRequest: signedIn(),
      config: writeLimit(app, 'commentDelete'),
    },
    async (request) => {
      await removeComment(db, requireUser(request), request.params.id);
      return ok({ id: request.params.id, deleted: true });
    },
  );
}
