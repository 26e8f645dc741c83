import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { voteSchema } from '../../../shared/schemas/deals.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../deals/guards.js';
import { writeLimit } from '../deals/rate-limits.js';
import { castVote } from './commands.js';

export async function voteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.post('/votes', { schema: { tags: ['votes'], body: voteSchema, security: [{ bearer: [] }] }, onRequest: signedIn('Please log in to vote'), config: writeLimit(app, 'vote') }, async (request) => {
    return ok(await castVote(db, requireUser(request), request.body.dealId, request.body.voteType));
  });
}
