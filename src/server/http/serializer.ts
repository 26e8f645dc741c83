import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Replies are written with JSON.stringify, as sent by the route. Their declared response schemas
 * (src/shared/schemas/responses.ts) document the API and, when `check` is on (the test runs), every reply is checked
 * against its schema first, so a presenter that drifts from the contract the web client reads fails a test instead
 * of reaching a browser. Production trusts the presenters and skips the check: it costs a parse of every reply.
 */
export function contractSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, url, method }) =>
    (data: unknown) => {
      if (check && schema && typeof (schema as z.ZodType).safeParse === 'function') {
        const result = (schema as z.ZodType).safeParse(data);
        if (!result.success) {
          throw new Error(`Reply of ${method} ${url} breaks its response schema: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        }
      }
      return JSON.stringify(data);
    };
}
