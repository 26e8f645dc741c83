import { z } from 'zod';

/** GET /api/health and GET /api/ready: the load balancer's liveness and readiness checks (docs/deploy.md). */

/** GET /api/health: liveness, the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

const readinessChecks = z.record(z.string(), z.enum(['ok', 'down']));
/** GET /api/ready: every dependency answered (200); else 503 naming what is down, or "shutting down" without checks. */
export const readySchema = z.object({ status: z.literal('ready'), checks: readinessChecks });
export type Ready = z.infer<typeof readySchema>;
export const notReadySchema = z.object({ success: z.literal(false), error: z.string(), data: z.object({ checks: readinessChecks }).optional() });
export type NotReady = z.infer<typeof notReadySchema>;
