import type { Dialect } from '../connection.js';
import { belongsTo, type MigrationDb } from './columns.js';

/**
 * The operator's figures (docs/notes/analytics.md): outbound clicks and deal views per deal per UTC day, added to by
 * every process's flush (relative upserts), never a row per visit. Shop and category totals join through deals.
 * - primary key (deal_id, day): a flush's upsert, and a deal's own figures (its poster's and the team's) as one range;
 * - (day, deal_id, clicks, views, tagged_clicks): a period's totals, days and top deals read from the index alone;
 * - comments(created_at, user_id), votes(created_at, user_id): the members who did anything in a period, from the
 *   indexes alone (deals are read through their created_at index).
 */
export function dealDailyStats(_dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('deal_daily_stats')
        .$call(belongsTo({ deal_id: 'deals' }))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tagged_clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('deal_daily_stats_pk', ['deal_id', 'day'])
        .execute();
      await db.schema.createIndex('deal_daily_stats_day_idx').on('deal_daily_stats').columns(['day', 'deal_id', 'clicks', 'views', 'tagged_clicks']).execute();
      await db.schema.createIndex('comments_created_user_idx').on('comments').columns(['created_at', 'user_id']).execute();
      await db.schema.createIndex('votes_created_user_idx').on('votes').columns(['created_at', 'user_id']).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('votes_created_user_idx').execute();
      await db.schema.dropIndex('comments_created_user_idx').execute();
      await db.schema.dropTable('deal_daily_stats').execute();
    },
  };
}
