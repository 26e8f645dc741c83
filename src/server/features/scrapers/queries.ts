import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ScraperLogsTable } from '../../db/schema.js';

/** The latest scraper runs, newest first (GET /admin/scrapers/logs). */
export function latestScraperLogs(db: Db, limit: number): Promise<Array<Selectable<ScraperLogsTable>>> {
  return db.kysely.selectFrom('scraper_logs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
