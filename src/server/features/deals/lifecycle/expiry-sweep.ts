import type { FastifyBaseLogger } from 'fastify';
import { expireLapsedDeals, type LifecycleDeps } from './index.js';

export const SWEEP_EVERY_MS = 60_000;

/**
 * Marks active deals whose expiry date has passed as expired (SPEC §4: such a deal counts as expired either way).
 * Keeping lapsed deals out of the 'active' status keeps every browse read and count an index range; the list queries
 * still test the date, so a deal is shown as expired the moment it lapses, not when the sweep next runs. Each expiry
 * is a lifecycle change, so caches and subscribers hear of it.
 */
export async function sweepExpiredDeals(deps: LifecycleDeps, log?: FastifyBaseLogger, now = new Date()): Promise<number> {
  const n = await expireLapsedDeals(deps, now);
  if (n > 0) log?.info({ expired: n }, 'expired deals swept');
  return n;
}
