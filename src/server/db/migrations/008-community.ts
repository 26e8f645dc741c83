import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { createLinkTable, type MigrationDb } from './columns.js';

/**
 * The everyday deal hunter's site (docs/notes/community.md):
 * - deals.discount_bp: the percentage off in basis points (10000 = free with an original price), -1 when there is no
 *   original price (or no price), 0 when the original is not above the price. A GENERATED column, so every write
 *   keeps it right whoever makes it (lifecycle, seed, bulk loaders, test helpers) and existing rows get it at once:
 *   VIRTUAL on SQLite (ALTER TABLE can only add those; the indexes below store the value), STORED on PostgreSQL.
 *   The (status | category_id | store_id, status, discount_bp, id) indexes serve sort=discount as one ordered read.
 * - deals(user_id, status, published_at, id): a member page's active deals (newest first) and its counts.
 * - comments.parent_id (one level of replies), like_count (kept in the like's transaction), deleted_at (a top-level
 *   comment deleted while it has replies stays as a "[deleted]" placeholder); comment_likes, one per member.
 */
export const DISCOUNT_SQL = `CAST(CASE
  WHEN price_pence IS NULL OR original_price_pence IS NULL THEN -1
  WHEN original_price_pence > price_pence THEN (CAST(original_price_pence AS bigint) - price_pence) * 10000 / original_price_pence
  ELSE 0 END AS integer)`;

const DEAL_INDEXES: Array<[string, string[]]> = [
  ['deals_status_discount_idx', ['status', 'discount_bp', 'id']],
  ['deals_category_status_discount_idx', ['category_id', 'status', 'discount_bp', 'id']],
  ['deals_store_status_discount_idx', ['store_id', 'status', 'discount_bp', 'id']],
  ['deals_user_status_published_idx', ['user_id', 'status', 'published_at', 'id']],
];

export function community(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      const kind = dialect === 'postgres' ? 'STORED' : 'VIRTUAL';
      await sql.raw(`ALTER TABLE deals ADD COLUMN discount_bp integer GENERATED ALWAYS AS (${DISCOUNT_SQL}) ${kind}`).execute(db);
      for (const [name, columns] of DEAL_INDEXES) await db.schema.createIndex(name).on('deals').columns(columns).execute();

      await db.schema
        .alterTable('comments')
        .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('comments')
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('comments').addColumn('deleted_at', 'varchar(32)').execute();
      // Replies of a comment: "does it still have any" on delete, and the cascade's lookup.
      await db.schema.createIndex('comments_parent_idx').on('comments').column('parent_id').execute();

      await createLinkTable(db, 'comment_likes', { comment_id: 'comments', user_id: 'users' }).execute();
      await db.schema.createIndex('comment_likes_user_idx').on('comment_likes').columns(['user_id', 'comment_id']).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable('comment_likes').execute();
      await db.schema.dropIndex('comments_parent_idx').execute();
      for (const column of ['deleted_at', 'like_count', 'parent_id']) await db.schema.alterTable('comments').dropColumn(column).execute();
      for (const [name] of DEAL_INDEXES) await db.schema.dropIndex(name).execute();
      await db.schema.alterTable('deals').dropColumn('discount_bp').execute();
    },
  };
}
