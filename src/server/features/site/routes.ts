import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { siteConfigSchema } from '../../../shared/schemas/site.js';

/** Public, non-secret settings the browser needs (the link-monetisation script of SPEC §2; the Contact and Privacy pages' address). */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/site-config', { schema: { tags: ['site'], response: replies(siteConfigSchema) } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    const { monetisationScriptUrl, contactEmail, trustedPosters } = app.deps.config;
    return ok({ monetisationScriptUrl: monetisationScriptUrl ?? null, contactEmail: contactEmail ?? null, trustedPosters });
  });
}
