import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Replies are written with JSON.stringify, as sent by the route. Their declared response schemas
 * (src/shared/schemas/responses.ts for successes, src/shared/schemas/errors.ts for errors, added to every route by
 * plugins/error-replies.ts) document the API and, when `check` is on (the test runs), every reply is checked against
 * its schema first, so a presenter that drifts from the contract the web client reads fails a test instead of
 * reaching a browser. Production trusts the presenters and skips the check: it costs a parse of every reply.
 */
export function contractSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, url, method }) =>
    (data: unknown) => {
      if (check && schema && typeof (schema as z.ZodType).safeParse === 'function') {
        const result = (schema as z.ZodType).safeParse(data);
        if (!result.success) {
          throw new Error(
            `Reply of ${method} ${url} breaks its response schema: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          );
        }
      }
      return JSON.stringify(data);
    };
}

/** Whether a route's `schema.response` has a schema for the status, as Fastify picks one: the code, `4xx`, `default`. */
export function declaresStatus(response: Record<string, unknown>, status: number): boolean {
  const code = String(status);
  return code in response || `${code[0]}xx` in response || 'default' in response;
}

/**
 * The other half of the check, for test runs: Fastify serializes a reply whose status the route does not declare
 * without any schema, so such a reply (an error the OpenAPI document does not list) would go unchecked. It becomes a
 * 500 that names the status, and the test that provoked it fails. Routes without a reply schema (the feeds, the OpenAPI
 * viewer, static files) are not JSON routes and are left alone.
 */
export function registerDeclaredStatusCheck(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!response || declaresStatus(response, reply.statusCode)) return payload;
    const error = `Reply of ${request.method} ${request.routeOptions.url} has status ${reply.statusCode}, which its response schema does not declare (it declares ${Object.keys(response).join(', ')}; see plugins/error-replies.ts): ${String(payload).slice(0, 300)}`;
    console.error(error);
    reply.code(500);
    return JSON.stringify({ success: false, error });
  });
}
