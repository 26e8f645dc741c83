import { z } from 'zod';

/**
 * The envelope of every JSON reply (SPEC §3, ARCHITECTURE §3): `{ success: true, data }`, or `{ success: false, error }`
 * with the status. Each resource's reply schemas sit beside its request schemas in ./<resource>.ts; a route declares
 * its reply with `replies(schema)` (docs/notes/contract.md).
 */
export type Envelope<T> =
  | { success: true; data: T }
  | { success: false; error: string; field?: string; fields?: Record<string, string>; isPendingDeal?: boolean };

/** `{ success: true, data }` around a reply schema. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/**
 * `{ 200: envelope(schema) }` (or 201) for a route's `schema.response`: the OpenAPI document shows it, the handler's
 * return is typed by it, and the tests check every reply against it (src/server/http/serializer.ts).
 */
export const replies = (schema: z.ZodType, status: 200 | 201 = 200) => ({ [status]: envelope(schema) });
