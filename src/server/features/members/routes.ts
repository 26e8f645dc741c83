import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberParamsSchema, memberProfileSchema } from '../../../shared/schemas/members/members.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { memberProfile } from './queries.js';

export async function memberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.get('/members/:username', { schema: { tags: ['members'], params: memberParamsSchema, response: replies(memberProfileSchema) } }, async (request) => {
    return ok(await memberProfile(db, request.params.username, request.user?.id ?? null, config.affiliate));
  });
}
