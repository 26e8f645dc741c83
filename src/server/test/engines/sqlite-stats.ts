import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SqliteDatabase from 'better-sqlite3';

export interface StatRow {
  tbl: string;
  idx: string | null;
  stat: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** sqlite_stat1 of a 1,000,000-deal database (bench data), so plan tests see what the planner sees at scale. */
export const STATS_1M_FILE = path.join(here, '..', '..', 'features', 'deals', 'plans', 'fixtures', 'sqlite-stat1-1m.json');

export const millionDealStats = (): StatRow[] => JSON.parse(fs.readFileSync(STATS_1M_FILE, 'utf8')) as StatRow[];

/**
 * Replaces the planner's statistics with these rows (default: the 1M-deal ones, plus any given for newer indexes),
 * as ANALYZE on a big database would leave them. Statements prepared before keep their old plans: use a fresh
 * connection (harness) to see the new ones.
 */
export function loadPlannerStats(sqlite: SqliteDatabase.Database, rows: StatRow[] = millionDealStats(), extra: StatRow[] = []): void {
  sqlite.exec('ANALYZE');
  sqlite.exec('DELETE FROM sqlite_stat1');
  sqlite.exec('DELETE FROM sqlite_stat4');
  const insert = sqlite.prepare('INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)');
  for (const r of [...rows, ...extra]) insert.run(r.tbl, r.idx, r.stat);
  sqlite.exec('ANALYZE sqlite_schema');
}
