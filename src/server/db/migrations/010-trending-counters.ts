import { sql } from 'kysely';
import { TRENDING_WINDOW_MS } from '../../../shared/domain/deals/temperature.js';
import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/**
 * Trending and deep pages at a million deals (docs/notes/bench.md "the misses worked on"):
 * - deals.recent_votes: the votes a deal received in the trending window (24 h), kept by the vote's transaction (+1),
 *   by vote voiding (recounted) and by the trending-window job that recounts the deals whose votes age out
 *   (features/deals/lifecycle/counters.ts recountRecentVotes). The trending sort becomes one ordered read of
 *   (status | category_id | store_id, status, recent_votes, hot_score, id), like every other sort, instead of grouping
 *   the last 24 h of votes on each request (whose cost grows with the site).
 * - deals_recent_votes_idx: the deals with recent_votes > 0, the only ones the job has to look at (partial index).
 * - deals_status_published_idx gains expires_at: the default list checks each deal's expiry while it walks the index,
 *   and with the date in the index a deep page (page 100 skips ~2,000 entries) never reads the skipped rows.
 * - PostgreSQL only: deals.title_vector, the title's tsvector (GENERATED, so every write keeps it) with its own GIN
 *   index. Title matches rank first in a search; as a weight of search_vector (A) they could only be told apart by
 *   rechecking each candidate row, 25k heap reads for "phone" at a million deals; here the index answers alone.
 *   (SQLite's FTS5 table filters by column in the index already.)
 * Existing rows get their count from the votes already cast.
 */
const TRENDING_INDEXES: Array<[string, string[]]> = [
  ['deals_status_trending_idx', ['status', 'recent_votes', 'hot_score', 'id']],
  ['deals_category_status_trending_idx', ['category_id', 'status', 'recent_votes', 'hot_score', 'id']],
  ['deals_store_status_trending_idx', ['store_id', 'status', 'recent_votes', 'hot_score', 'id']],
];

export function trendingCounters(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .alterTable('deals')
        .addColumn('recent_votes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const cutoff = new Date(Date.now() - TRENDING_WINDOW_MS).toISOString();
      await sql`UPDATE deals SET recent_votes = r.n FROM (SELECT deal_id, COUNT(*) AS n FROM votes WHERE created_at > ${cutoff} GROUP BY deal_id) AS r
        WHERE deals.id = r.deal_id`.execute(db);
      for (const [name, columns] of TRENDING_INDEXES) await db.schema.createIndex(name).on('deals').columns(columns).execute();
      await db.schema.createIndex('deals_recent_votes_idx').on('deals').column('id').where(sql.ref('recent_votes'), '>', 0).execute();
      await db.schema.dropIndex('deals_status_published_idx').execute();
      await db.schema.createIndex('deals_status_published_idx').on('deals').columns(['status', 'published_at', 'id', 'expires_at']).execute();
      if (dialect === 'postgres') {
        await sql`ALTER TABLE deals ADD COLUMN title_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED`.execute(db);
        await sql`CREATE INDEX deals_title_vector_idx ON deals USING gin (title_vector)`.execute(db);
      }
    },
    async down(db: MigrationDb) {
      if (dialect === 'postgres') await sql`ALTER TABLE deals DROP COLUMN title_vector`.execute(db);
      await db.schema.dropIndex('deals_status_published_idx').execute();
      await db.schema.createIndex('deals_status_published_idx').on('deals').columns(['status', 'published_at', 'id']).execute();
      await db.schema.dropIndex('deals_recent_votes_idx').execute();
      for (const [name] of TRENDING_INDEXES) await db.schema.dropIndex(name).execute();
      await db.schema.alterTable('deals').dropColumn('recent_votes').execute();
    },
  };
}
