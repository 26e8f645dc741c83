import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.js';
import { dealVotesPageSchema, dealVotesQuerySchema, votesVoidedSchema, voteVoidSchema } from '../../../shared/schemas/deals/votes.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { requireAllowed } from '../../plugins/auth.js';
import { staffRoute } from '../../plugins/guards.js';
import { voidVotes } from './commands.js';
import { mayModerateVotes } from './policy.js';
import { dealVotes } from './queries.js';

/**
 * The admin edit deal "Votes" panel (docs/notes/trust.md). Moderators may use it as well as administrators: voiding votes is
 * moderating a deal, which SPEC §6 gives them ("edit or delete any deal"): staff routes (plugins/guards.ts staffRoute).
 */
export async function adminVoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const security = [{ bearer: [] }];

  app.get(
    '/admin/deals/:id/votes',
    {
      schema: { tags: ['admin'], params: idParamsSchema, querystring: dealVotesQuerySchema, security, response: replies(dealVotesPageSchema) },
      ...staffRoute(app, mayModerateVotes),
    },
    async (request) => ok(await dealVotes(deps.db, request.params.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/deals/:id/votes/void',
    {
      schema: { tags: ['admin'], params: idParamsSchema, body: voteVoidSchema, security, response: replies(votesVoidedSchema) },
      ...staffRoute(app, mayModerateVotes, { action: true }),
    },
    async (request) =>
      ok(await voidVotes(deps, requireAllowed(request, mayModerateVotes), request.params.id, request.body.voteIds, request.body.reason ?? null)),
  );
}
