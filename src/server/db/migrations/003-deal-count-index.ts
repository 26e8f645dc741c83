import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/**
 * Counting the "discounted" deal type (original price above price) otherwise reads every live deal's row;
 * with both prices in one index after the status it is an index-only count (docs/notes/deals-api.md).
 */
export function dealCountIndex(_dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema.createIndex('deals_status_prices_idx').on('deals').columns(['status', 'price_pence', 'original_price_pence']).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('deals_status_prices_idx').execute();
    },
  };
}
