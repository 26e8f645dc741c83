import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { localizeImage } from './localize.js';
import { localizeBodySchema, localizedImageSchema } from '../../../shared/schemas/admin/localize.js';
import { replies } from '../../../shared/schemas/envelope.js';

/**
 * POST /admin/deals/localize-image (SPEC §7): an external deal image becomes an /uploads/ file. Admins only, refused
 * to anyone else before the body is read (every /api/admin route, plugins/auth.ts).
 */
export async function localizeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/admin/deals/localize-image',
    {
      schema: { tags: ['admin'], security: [{ bearer: [] }], body: localizeBodySchema, response: replies(localizedImageSchema) },
      config: rateLimit(app, 'localize'),
    },
    async (request) => {
      const admin = requireAdmin(request);
      return ok(await localizeImage(app.deps, { dealId: request.body.dealId, imageUrl: request.body.imageUrl, actorId: admin.id }));
    },
  );
}
