import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/**
 * Indexes the deals API measured it needs beyond 001 (docs/notes/deals-api.md has the plans and timings):
 * - votes(deal_id, created_at): "has this deal had votes in the last 24 h" for the trending sort, one probe per deal;
 * - deals(status, expires_at): the expired-by-date half of the expired filter, and counting it;
 * - (category_id | store_id, status, sort key, id) for every sort key: a category or store page in any order is one
 *   ordered index read (001 has these for the newest sort only); without them a big category sorts ~40k rows.
 */
const SORT_KEYS: Array<[string, string]> = [
  ['temperature', 'temperature'],
  ['hot', 'hot_score'],
  ['price', 'price_pence'],
  ['comments', 'comment_count'],
];
const SCOPED: Array<[string, string]> = SORT_KEYS.flatMap(([name, column]) => [
  [`deals_category_status_${name}_idx`, column],
  [`deals_store_status_${name}_idx`, column],
]);

export function dealBrowseIndexes(_dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema.createIndex('votes_deal_created_idx').on('votes').columns(['deal_id', 'created_at']).execute();
      await db.schema.createIndex('deals_status_expires_idx').on('deals').columns(['status', 'expires_at']).execute();
      for (const [name, column] of SCOPED) {
        const scope = name.startsWith('deals_category') ? 'category_id' : 'store_id';
        await db.schema.createIndex(name).on('deals').columns([scope, 'status', column, 'id']).execute();
      }
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('votes_deal_created_idx').execute();
      await db.schema.dropIndex('deals_status_expires_idx').execute();
      for (const [name] of SCOPED) await db.schema.dropIndex(name).execute();
    },
  };
}
