import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '../../../shared/schemas/envelope.js';
import {
  FOLLOW_MESSAGES,
  followIdsSchema,
  followInputSchema,
  followListSchema,
  followParamsSchema,
  followStateSchema,
} from '../../../shared/schemas/members/follows.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { follow, unfollow } from './commands.js';
import { followIds, followList } from './queries.js';

const security = [{ bearer: [] }];
const tags = ['follows'];

/** A member's follows (docs/notes/vouchers-follows.md): their own only, every route signed in. */
export async function followRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const member = { onRequest: signedIn(FOLLOW_MESSAGES.login) };

  app.get('/follows', { schema: { tags, security, response: replies(followListSchema) }, ...member }, async (request) =>
    ok(await followList(db, requireUser(request).id)),
  );

  app.get('/follows/ids', { schema: { tags, security, response: replies(followIdsSchema) }, ...member }, async (request) =>
    ok(await followIds(db, requireUser(request).id)),
  );

  app.post(
    '/follows',
    {
      schema: { tags, body: followInputSchema, security, response: replies(followStateSchema, 201) },
      ...member,
      config: { ...rateLimit(app, 'follow'), softWrite: 'own' },
    },
    async (request, reply) => {
      const { type, id } = request.body;
      await follow(db, requireUser(request).id, type, id);
      return reply.status(201).send(ok({ type, id, following: true }));
    },
  );

  app.delete(
    '/follows/:type/:id',
    {
      schema: { tags, params: followParamsSchema, security, response: replies(followStateSchema) },
      ...member,
      config: { ...rateLimit(app, 'follow'), softWrite: 'own' },
    },
    async (request) => {
      const { type, id } = request.params;
      await unfollow(db, requireUser(request).id, type, id);
      return ok({ type, id, following: false });
    },
  );
}
