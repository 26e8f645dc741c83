import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../shared/schemas/common.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../plugins/auth.js';
import { localizeImage } from './localize.js';

export const LOCALIZE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const localizeBody = z.object({
  imageUrl: z.string({ error: 'Image URL is required' }).trim().min(1, 'Image URL is required').max(2048, 'Image URL is too long'),
  dealId: idSchema,
});

/** POST /admin/deals/localize-image (SPEC §7): an external deal image becomes an /uploads/ file. */
export async function localizeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const factor = app.deps.config.rateLimitFactor;

  app.post(
    '/admin/deals/localize-image',
    {
      schema: { tags: ['admin'], security: [{ bearer: [] }], body: localizeBody },
      config: { rateLimit: { max: Math.ceil(LOCALIZE_RATE_LIMIT.max * factor), timeWindow: LOCALIZE_RATE_LIMIT.timeWindow } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return ok(await localizeImage(app, { dealId: request.body.dealId, imageUrl: request.body.imageUrl, actorId: admin.id }));
    },
  );
}
