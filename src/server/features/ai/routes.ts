import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHttpUrl } from '../../../shared/schemas/common.js';
import { generateDescription, generateTitle } from '../../services/ai/generator.js';
import { requireAdmin } from '../../plugins/auth.js';
import { generatorDeps } from './deal-tasks.js';

export const AI_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const generateBody = z.object({
  prompt: z.string({ error: 'Prompt is required' }).trim().min(1, 'Prompt is required').max(4000, 'Prompt must be at most 4000 characters'),
  title: z.string().trim().max(500, 'Title must be at most 500 characters').nullish(),
});

/**
 * POST /ai/generate (SPEC §7). A prompt that is a URL asks for a description of that product page (with `title`);
 * any other prompt is an instruction to shorten the title it contains.
 */
export async function aiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const factor = app.deps.config.rateLimitFactor;

  app.post(
    '/ai/generate',
    {
      schema: { tags: ['ai'], security: [{ bearer: [] }], body: generateBody },
      config: { rateLimit: { max: Math.ceil(AI_RATE_LIMIT.max * factor), timeWindow: AI_RATE_LIMIT.timeWindow } },
    },
    async (request) => {
      requireAdmin(request);
      const { prompt, title } = request.body;
      const deps = generatorDeps(app);
      const type = isHttpUrl(prompt) ? 'description' : 'title';
      const text =
        type === 'description'
          ? await generateDescription(deps, { url: prompt, title: title ?? undefined })
          : await generateTitle(deps, { prompt, title: title ?? undefined });
      // `text` also sits beside `data`, where the original client read it.
      return { success: true as const, data: { text, type, mode: deps.ai.baseUrl ? 'ai' : 'offline' }, text };
    },
  );
}
