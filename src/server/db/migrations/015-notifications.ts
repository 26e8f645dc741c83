import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, mayReference, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * Notifications (docs/notes/notifications.md):
 * - notifications: one row per thing a member is told, written in the transaction of its cause. `group_key` is unique
 *   per member: it names the event ("comment.reply:40", "deal.hot:12:100"), so a replayed cause never writes a second
 *   row, and gathered likes ("comment.liked:40") update one row instead of adding one per like. `count` is how many
 *   the row gathers. `mail_pending` marks rows chosen for email and not yet handed to the outbox (the gathered mail).
 *   The deal and comment are kept as plain ids: a deal removed for good is still named in its poster's notification.
 * - notification_preferences: a member's choices per type (rows only for the types they changed; defaults live in
 *   shared/domain/members/notifications.ts).
 * - notification_mail_state: when each member was last mailed, so they get at most one gathered mail per 15 minutes.
 */
export function notifications(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'notifications')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('type', 'varchar(24)', (c) => c.notNull())
        .$call(mayReference('actor_id', 'users'))
        .addColumn('deal_id', 'integer')
        .addColumn('comment_id', 'integer')
        .addColumn('text', 'varchar(400)', (c) => c.notNull())
        .addColumn('url', 'varchar(200)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('group_key', 'varchar(96)', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .addColumn('read_at', TIMESTAMP)
        .addColumn('mail_pending', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Never twice: one row per member and event; a gathered row is found by it.
      await db.schema.createIndex('notifications_user_group_unique').on('notifications').columns(['user_id', 'group_key']).unique().execute();
      // The inbox, newest first (one ordered range per page); also the pruning's "newest 500" walk.
      await db.schema.createIndex('notifications_user_created_idx').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
      // The unread count and the Unread tab: an index-only read of the member's unread entries.
      // read_at is in the entries (always null there) so SQLite sees the count as covered by the index alone.
      await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id, read_at, created_at, id) WHERE read_at IS NULL`.execute(db);
      // The gathered mail's work list.
      await sql`CREATE INDEX notifications_mail_pending_idx ON notifications (user_id, id) WHERE mail_pending = 1`.execute(db);
      // Pruning by age.
      await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();

      await db.schema
        .createTable('notification_preferences')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('type', 'varchar(24)', (c) => c.notNull())
        .addColumn('in_app', 'integer', (c) => c.notNull())
        .addColumn('email', 'integer', (c) => c.notNull())
        .addColumn('push', 'integer', (c) => c.notNull())
        .$call(timestamps('updated_at'))
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'type'])
        .execute();

      await db.schema
        .createTable('notification_mail_state')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .$call(timestamps('last_mailed_at'))
        .execute();
    },
    async down(db: MigrationDb) {
      for (const table of ['notification_mail_state', 'notification_preferences', 'notifications']) await db.schema.dropTable(table).execute();
    },
  };
}
