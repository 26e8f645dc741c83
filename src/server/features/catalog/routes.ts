import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { deletedSchema, idParamsSchema } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { requireAllowed } from '../../plugins/auth.js';
import { allowedOnly } from '../../plugins/guards.js';
import { writeLimit } from '../../plugins/rate-limits.js';

/** One catalog resource's public write routes: its path (also its OpenAPI tag), who may write, the body and the commands. */
export interface CatalogWrites<Body extends z.ZodType> {
  resource: 'categories' | 'stores';
  mayEdit: (user: UserRow) => boolean;
  body: Body;
  /** The reply schema of one item. */
  item: z.ZodType;
  commands: {
    create(db: Db, input: z.infer<Body>, actorId: number): Promise<unknown>;
    update(db: Db, id: number, input: z.infer<Body>, actorId: number): Promise<unknown>;
    remove(db: Db, id: number, actorId: number): Promise<void>;
  };
}

/**
 * POST /<resource>, PUT and DELETE /<resource>/:id: refused before parsing for whoever may not edit, under the
 * catalog's write limit. Answers the item (201 on create) or { id, deleted: true }.
 */
export function catalogWriteRoutes<Body extends z.ZodType>(fastify: FastifyInstance, w: CatalogWrites<Body>) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const { commands } = w;
  const guard = { onRequest: allowedOnly(w.mayEdit), config: writeLimit(app, 'catalog') };
  const base = { tags: [w.resource], security: [{ bearer: [] }] };
  const actor = (request: Parameters<typeof requireAllowed>[0]) => requireAllowed(request, w.mayEdit).id;
  const path = `/${w.resource}`;

  // The provider's body type is a conditional TypeScript cannot resolve for a generic schema: it is z.infer<Body>.
  app.post(path, { schema: { ...base, body: w.body, response: replies(w.item, 201) }, ...guard }, async (request, reply) =>
    reply.status(201).send(ok(await commands.create(db, request.body as z.infer<Body>, actor(request)))),
  );
  app.put(`${path}/:id`, { schema: { ...base, params: idParamsSchema, body: w.body, response: replies(w.item) }, ...guard }, async (request) =>
    ok(await commands.update(db, request.params.id, request.body as z.infer<Body>, actor(request))),
  );
  app.delete(`${path}/:id`, { schema: { ...base, params: idParamsSchema, response: replies(deletedSchema) }, ...guard }, async (request) => {
    await commands.remove(db, request.params.id, actor(request));
    return ok({ id: request.params.id, deleted: true });
  });
}
