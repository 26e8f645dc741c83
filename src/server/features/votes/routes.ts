import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { VOTE_LOGIN } from '../../../shared/domain/constants.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { voteReplySchema, voteSchema } from '../../../shared/schemas/deals/votes.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { softWriteOn } from '../../plugins/read-cache/soft-writes.js';
import { writeLimit } from '../../plugins/rate-limits.js';
import { castVote } from './commands.js';

export async function voteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // request.ip is the client's address as TRUST_PROXY defines it; only a keyed hash of its network is kept.
  app.post(
    '/votes',
    {
      schema: { tags: ['votes'], body: voteSchema, security: [{ bearer: [] }], response: replies(voteReplySchema) },
      onRequest: signedIn(VOTE_LOGIN),
      config: { ...writeLimit(app, 'vote'), softWrite: true },
    },
    async (request) => {
      softWriteOn(request, request.body.dealId);
      return ok(await castVote(deps, requireUser(request), request.body.dealId, request.body.voteType, request.ip));
    },
  );
}
