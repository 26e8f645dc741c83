import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, mayReference, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * Trust in the feed (docs/notes/trust.md):
 * - deal_reports: members' reports (one open report per member per deal, a partial unique index), resolved by the
 *   team or closed when the deal leaves the feed;
 * - votes: the voter's account age at the time, a keyed hash of the voter's network (never the address) and, for a
 *   vote of an account younger than 24 h, when it stops counting half;
 * - deals.half_vote_balance: the signed count of votes that still count half (up +1, down -1), so the temperature
 *   is upvotes - downvotes - balance / 2 (rounded) and turns whole as the promotion job clears the balance;
 * - moderation_log: the reason given, where the change came from (member reports, sweep, ...) and the acting
 *   account's role at the time, for the public moderation log.
 */
export function trust(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'deal_reports')
        .$call(belongsTo({ deal_id: 'deals', user_id: 'users' }))
        .addColumn('reason', 'varchar(16)', (c) => c.notNull())
        .addColumn('note', 'text')
        .$call(timestamps('created_at'))
        .addColumn('resolved_at', TIMESTAMP)
        .$call(mayReference('resolved_by', 'users'))
        .addColumn('resolution', 'varchar(16)')
        .execute();
      // One open report per member per deal; a resolved one leaves room for a new report.
      await db.schema
        .createIndex('deal_reports_open_unique')
        .on('deal_reports')
        .columns(['deal_id', 'user_id'])
        .unique()
        .where(sql.ref('resolved_at'), 'is', null)
        .execute();
      // The queue: open reports grouped by deal, resolved ones grouped by resolution (resolved_at, deal_id).
      await db.schema.createIndex('deal_reports_queue_idx').on('deal_reports').columns(['resolved_at', 'deal_id', 'created_at']).execute();
      // A deal's open reports (auto-expiry count, closing them when the deal leaves the feed).
      await db.schema.createIndex('deal_reports_deal_idx').on('deal_reports').columns(['deal_id', 'resolved_at', 'reason']).execute();
      await db.schema.createIndex('deal_reports_user_idx').on('deal_reports').column('user_id').execute();

      await db.schema.alterTable('votes').addColumn('account_age_hours', 'integer').execute();
      await db.schema.alterTable('votes').addColumn('network_hash', 'varchar(64)').execute();
      await db.schema.alterTable('votes').addColumn('half_weight_until', 'varchar(32)').execute();
      // Votes from one network on one deal within 24 h; the Votes panel's cluster sizes.
      await db.schema.createIndex('votes_deal_network_idx').on('votes').columns(['deal_id', 'network_hash', 'created_at']).execute();
      // The Votes panel, newest first.
      await db.schema.createIndex('votes_deal_id_idx').on('votes').columns(['deal_id', 'id']).execute();
      // The promotion job: only the (few) votes that still count half are in this index.
      await db.schema
        .createIndex('votes_half_weight_idx')
        .on('votes')
        .column('half_weight_until')
        .where(sql.ref('half_weight_until'), 'is not', null)
        .execute();

      await db.schema
        .alterTable('deals')
        .addColumn('half_vote_balance', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema.alterTable('moderation_log').addColumn('reason', 'text').execute();
      await db.schema.alterTable('moderation_log').addColumn('origin', 'varchar(16)').execute();
      await db.schema.alterTable('moderation_log').addColumn('actor_role', 'varchar(16)').execute();
      await sql`UPDATE moderation_log SET actor_role = (SELECT role FROM users WHERE users.id = moderation_log.actor_id) WHERE actor_id IS NOT NULL`.execute(
        db,
      );
      // The public log's count: an index-only count of the public actions.
      await db.schema.createIndex('moderation_log_action_idx').on('moderation_log').columns(['action', 'entity_type', 'created_at']).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('moderation_log_action_idx').execute();
      for (const column of ['actor_role', 'origin', 'reason']) await db.schema.alterTable('moderation_log').dropColumn(column).execute();
      await db.schema.alterTable('deals').dropColumn('half_vote_balance').execute();
      for (const index of ['votes_half_weight_idx', 'votes_deal_id_idx', 'votes_deal_network_idx']) await db.schema.dropIndex(index).execute();
      for (const column of ['half_weight_until', 'network_hash', 'account_age_hours']) await db.schema.alterTable('votes').dropColumn(column).execute();
      await db.schema.dropTable('deal_reports').execute();
    },
  };
}
