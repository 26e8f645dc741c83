import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import { invalidateAnonymousReads } from '../../http/anonymous-cache.js';
import { invalidateDealCounts } from './count-cache.js';

const SWEEP_EVERY_MS = 60_000;
const BATCH = 500;

/**
 * Marks active deals whose expiry date has passed as expired (SPEC §4: such a deal counts as expired either way).
 * Keeping lapsed deals out of the 'active' status keeps every browse read and count an index range; the list queries
 * still test the date, so a deal is shown as expired the moment it lapses, not when the sweep next runs.
 * Small batches keep each write short (SQLite has one writer).
 */
export async function sweepExpiredDeals(db: Db, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  let total = 0;
  for (;;) {
    const ids = await db.kysely
      .selectFrom('deals')
      .select('id')
      .where('status', '=', 'active')
      .where('expires_at', '<=', nowIso)
      .limit(BATCH)
      .execute();
    if (ids.length === 0) break;
    await db.kysely
      .updateTable('deals')
      .set({ status: 'expired', updated_at: nowIso })
      .where('id', 'in', ids.map((r) => r.id))
      .where('status', '=', 'active')
      .execute();
    total += ids.length;
    if (ids.length < BATCH) break;
  }
  if (total > 0) invalidateDealCounts(db);
  return total;
}

/** Runs the sweep when the app is ready and every minute after, until it closes. */
export function scheduleExpirySweep(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const n = await sweepExpiredDeals(app.deps.db);
      if (n > 0) {
        invalidateAnonymousReads(app);
        app.log.info({ expired: n }, 'expired deals swept');
      }
    } catch (err) {
      app.log.error({ err }, 'expiry sweep failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
