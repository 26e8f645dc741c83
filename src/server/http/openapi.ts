import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/** The component names a JSON value refers to. */
const refsIn = (value: unknown) => new Set([...(JSON.stringify(value) ?? '').matchAll(REF)].map((m) => decodeURIComponent(m[1])));

/**
 * The OpenAPI document's components: every zod schema with an id (the error replies, src/shared/schemas/errors.ts)
 * is shown once under components.schemas and referred to (fastify-type-provider-zod's jsonSchemaTransformObject). That
 * adds an input twin of each (`ErrorReplyInput`) whether a request uses it or not; the ones nothing refers to are left
 * out, so a client generated from the document has no types that name nothing.
 */
export const openApiComponents: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas;
  if (!schemas) return document as ReturnType<SwaggerTransformObject>;
  const used = refsIn({ ...document, components: { ...document.components, schemas: {} } });
  // Components may refer to others: follow them until nothing new is found.
  for (let queue = [...used]; queue.length > 0; ) {
    for (const name of refsIn(schemas[queue.pop() as string])) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } } as ReturnType<SwaggerTransformObject>;
};
