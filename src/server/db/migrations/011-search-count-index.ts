import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/**
 * SQLite: a search's capped total (features/deals/list-query.ts countMatching) streams the full-text matches and tests
 * each one's status and expiry. Read from the deals table, that is one row page per match, ~1,350 different pages
 * for a fresh word at a million deals; from this narrow (id, status, expires_at) index, a few MB that stay in the page
 * cache: 40% less time for a word no one searched before (docs/notes/bench.md). PostgreSQL counts through its GIN
 * index and heap instead (the planner's own choice), so it gets nothing here.
 */
export function searchCountIndex(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      if (dialect === 'sqlite') await db.schema.createIndex('deals_id_live_idx').on('deals').columns(['id', 'status', 'expires_at']).execute();
    },
    async down(db: MigrationDb) {
      if (dialect === 'sqlite') await db.schema.dropIndex('deals_id_live_idx').execute();
    },
  };
}
