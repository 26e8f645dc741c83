import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '../../../shared/schemas/envelope.js';
import { postingStatusSchema, prefillRequestSchema, prefillSchema } from '../../../shared/schemas/deals/posting.js';
import { isTrustedPoster } from '../../../shared/domain/members/trusted-poster.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { posterRecord } from '../deals/index.js';
import { prefillFromUrl } from './prefill.js';

/** Posting a deal (docs/notes/posting.md): the form filled from a link, and whether the member posts live. */
export async function postingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const security = [{ bearer: [] }];

  app.post(
    '/deals/prefill',
    {
      schema: { tags: ['deals'], body: prefillRequestSchema, security, response: replies(prefillSchema) },
      onRequest: signedIn(),
      config: rateLimit(app, 'prefill'),
    },
    async (request) => ok(await prefillFromUrl(deps, requireUser(request), request.body.url)),
  );

  app.get(
    '/deals/posting-status',
    { schema: { tags: ['deals'], security, response: replies(postingStatusSchema) }, onRequest: signedIn() },
    async (request) => {
      const user = requireUser(request);
      const thresholds = deps.config.trustedPosters;
      const record = await posterRecord(deps.db, user, thresholds);
      return ok({ trusted: isTrustedPoster(record, thresholds), approved: record.approved, recentRejections: record.recentRejections, thresholds });
    },
  );
}
