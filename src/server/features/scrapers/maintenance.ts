import type { Db } from '../../db/connection.js';

/** A run still 'started' after this long died with a previous process. */
export const STALE_RUN_MS = 60 * 60 * 1000;

/** Marks runs a dead process left 'started' as failed, so the Scrapers screen never shows them running for ever. */
export async function closeInterruptedRuns(db: Db, now = Date.now()): Promise<void> {
  await db.kysely
    .updateTable('scraper_logs')
    .set({ status: 'failed', error: 'The run was interrupted (the server stopped before it finished)', finished_at: new Date(now).toISOString() })
    .where('status', '=', 'started')
    .where('created_at', '<', new Date(now - STALE_RUN_MS).toISOString())
    .execute();
}
