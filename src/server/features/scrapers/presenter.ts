import type { Selectable } from 'kysely';
import type { ScraperInfo, ScraperLog } from '../../../shared/schemas/admin/scrapers.js';
import type { ScraperLogsTable } from '../../db/schema.js';
import type { ScraperSource } from './source/sources.js';

export function presentScraper(s: ScraperSource): ScraperInfo {
  return { id: s.id, source: s.source, name: s.name, description: s.description };
}

export function presentScraperLog(row: Selectable<ScraperLogsTable>): ScraperLog {
  const status = row.status === 'started' || row.status === 'completed' ? row.status : 'failed';
  return {
    id: row.id,
    source: row.source,
    status,
    dealsAdded: row.deals_added,
    error: row.error,
    dataFile: row.data_file,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
