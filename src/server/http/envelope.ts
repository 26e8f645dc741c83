import { z } from 'zod';

/** The success envelope; routes return `ok(data)` and never a raw row. */
export const ok = <T>(data: T) => ({ success: true as const, data });

export const errorEnvelope = z.object({ success: z.literal(false), error: z.string(), field: z.string().optional() });
