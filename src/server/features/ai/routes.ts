import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isHttpUrl } from '../../../shared/schemas/common.js';
import { generateDescription, generateTitle } from '../../services/ai/generator.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { generatorDeps } from './deal-tasks.js';
import { aiGenerateBodySchema, aiGenerateSchema } from '../../../shared/schemas/admin/ai.js';
import { replies } from '../../../shared/schemas/envelope.js';

/**
 * POST /ai/generate (SPEC §7). A prompt that is a URL asks for a description of that product page (with `title`);
 * any other prompt is an instruction to shorten the title it contains. Admins only (SPEC §6 AI helpers), refused to anyone
 * else before the body is read (the /api/ai routes are part of the admin area, plugins/auth.ts).
 */
export async function aiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ai/generate',
    {
      schema: { tags: ['ai'], security: [{ bearer: [] }], body: aiGenerateBodySchema, response: replies(aiGenerateSchema) },
      config: rateLimit(app, 'ai'),
    },
    async (request) => {
      const { prompt, title } = request.body;
      const deps = generatorDeps(app.deps);
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
