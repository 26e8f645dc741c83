import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';

/** Public, non-secret settings the browser needs at start (the link-monetisation script of SPEC §2). */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/site-config', { schema: { tags: ['site'] } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok({ monetisationScriptUrl: app.deps.config.monetisationScriptUrl ?? null });
  });
}
