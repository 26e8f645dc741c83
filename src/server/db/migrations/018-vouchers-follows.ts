import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, mayReference, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * Voucher codes, follows and reputation (docs/notes/vouchers-follows.md):
 * - vouchers: a shop's code (or none: "no code needed"), pending until the team approves it like a deal. `code_key` is
 *   the code upper-cased, what the duplicate check compares. The answers' summary is kept on the row (`success_rate`,
 *   `answer_count`, `last_worked_at`, `may_not_work`), written with every answer and by the hourly job as answers age,
 *   so a shop's list is one ordered index range. `copy_count` counts copies (no cookie, no personal data).
 * - voucher_answers: one per member per voucher ("Worked for me" = 1, "Didn't work" = 0), changed in place.
 * - voucher_reports: members' reports of a voucher (expired, not-working, spam), one open per member per voucher.
 * - follows: a member follows a shop, a category or another member (`target_type` store | category | member).
 *   The primary key serves the Following page and the browse tab's follow set; (target_type, target_id) finds the
 *   followers of a deal's shop, category and poster when it goes live.
 *   A followed member's deals are read by deals(user_id, status, published_at, id) of migration 008.
 * - member_reputation: a member's public record and badges, stored (recomputed by the job and on events, never on a
 *   page view).
 */
export function vouchersFollows(dialect: Dialect) {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'vouchers')
        .$call(belongsTo({ store_id: 'stores' }))
        .$call(mayReference('user_id', 'users'))
        .addColumn('code', 'varchar(50)')
        .addColumn('code_key', 'varchar(50)')
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('conditions', 'varchar(500)')
        .addColumn('expires_at', TIMESTAMP)
        .addColumn('exclusive', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .$call(timestamps('created_at', 'updated_at'))
        .addColumn('published_at', TIMESTAMP)
        .addColumn('success_rate', real)
        .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_worked_at', TIMESTAMP)
        .addColumn('may_not_work', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('copy_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // A shop's list: live ones, working first (may_not_work sinks), then by success rate, then newest.
      await db.schema
        .createIndex('vouchers_store_rank_idx')
        .on('vouchers')
        .columns(['store_id', 'status', 'may_not_work', 'success_rate', 'published_at', 'id'])
        .execute();
      // The newest codes (/vouchers), the sitemap, and the duplicate check (store_id, code_key).
      await db.schema.createIndex('vouchers_status_published_idx').on('vouchers').columns(['status', 'published_at', 'id']).execute();
      await db.schema.createIndex('vouchers_store_code_idx').on('vouchers').columns(['store_id', 'code_key', 'status']).execute();
      // The back office's pending queue and a member's own vouchers.
      await db.schema.createIndex('vouchers_status_created_idx').on('vouchers').columns(['status', 'created_at', 'id']).execute();
      await db.schema.createIndex('vouchers_user_idx').on('vouchers').columns(['user_id', 'status']).execute();

      await db.schema
        .createTable('voucher_answers')
        .$call(belongsTo({ voucher_id: 'vouchers', user_id: 'users' }))
        .addColumn('worked', 'integer', (c) => c.notNull())
        .$call(timestamps('created_at', 'updated_at'))
        .addPrimaryKeyConstraint('voucher_answers_pk', ['voucher_id', 'user_id'])
        .execute();
      // A voucher's answers of the last 30 days (its rate), newest first.
      await db.schema.createIndex('voucher_answers_voucher_idx').on('voucher_answers').columns(['voucher_id', 'updated_at', 'worked']).execute();
      await db.schema.createIndex('voucher_answers_user_idx').on('voucher_answers').column('user_id').execute();

      await createTableWithId(db, dialect, 'voucher_reports')
        .$call(belongsTo({ voucher_id: 'vouchers', user_id: 'users' }))
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .addColumn('resolved_at', TIMESTAMP)
        .$call(mayReference('resolved_by', 'users'))
        .addColumn('resolution', 'varchar(16)')
        .execute();
      await db.schema
        .createIndex('voucher_reports_open_unique')
        .on('voucher_reports')
        .columns(['voucher_id', 'user_id'])
        .unique()
        .where(sql.ref('resolved_at'), 'is', null)
        .execute();
      await db.schema.createIndex('voucher_reports_queue_idx').on('voucher_reports').columns(['resolved_at', 'voucher_id']).execute();
      await db.schema.createIndex('voucher_reports_user_idx').on('voucher_reports').column('user_id').execute();

      await db.schema
        .createTable('follows')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('target_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .addPrimaryKeyConstraint('follows_pk', ['user_id', 'target_type', 'target_id'])
        .execute();
      await db.schema.createIndex('follows_target_idx').on('follows').columns(['target_type', 'target_id', 'user_id']).execute();

      await db.schema
        .createTable('member_reputation')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('deals_posted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hot_deals', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes_received', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vouchers_posted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('working_vouchers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('voucher_success', real)
        .addColumn('recent_deals', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recent_hot_deals', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('badges', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .$call(timestamps('computed_at'))
        .execute();
    },
    async down(db: MigrationDb) {
      for (const table of ['member_reputation', 'follows', 'voucher_reports', 'voucher_answers', 'vouchers']) await db.schema.dropTable(table).execute();
    },
  };
}
