import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * Web push (docs/notes/notifications.md "Push"):
 * - push_devices: a browser a member turned push on for, as its PushSubscription: the endpoint (unique: the same browser
 *   subscribing again updates its row, and moves to whoever turned it on last) and the keys the message is encrypted
 *   with. `name` is worked out from the user agent; `last_used_at` is the last push the service accepted.
 * - push_deliveries: the durable job, one row per notification and device (unique: a notification is pushed at most
 *   once per device), written in the notification's own transaction and sent after commit, with the outbox's claim,
 *   attempts and backoff columns. `raised_at` is the notification's time when the row was written: a gathered
 *   notification raised again re-arms its row (one row still, one push per raise).
 */
export function pushDevices(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'push_devices')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull())
        .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
        .addColumn('auth', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .$call(timestamps('created_at', 'updated_at'))
        .addColumn('last_used_at', TIMESTAMP)
        .execute();
      await db.schema.createIndex('push_devices_endpoint_unique').on('push_devices').column('endpoint').unique().execute();
      // A member's devices, newest first (the settings' list, the cap, and the delivery's "has this member a device").
      await db.schema.createIndex('push_devices_user_idx').on('push_devices').columns(['user_id', 'created_at', 'id']).execute();

      await createTableWithId(db, dialect, 'push_deliveries')
        .$call(belongsTo({ notification_id: 'notifications', device_id: 'push_devices' }))
        .$call(timestamps('raised_at'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(timestamps('next_attempt_at'))
        .addColumn('claimed_until', TIMESTAMP)
        .addColumn('last_error', 'varchar(500)')
        .addColumn('sent_at', TIMESTAMP)
        .addColumn('given_up_at', TIMESTAMP)
        .$call(timestamps('created_at'))
        .execute();
      await db.schema
        .createIndex('push_deliveries_notification_device_unique')
        .on('push_deliveries')
        .columns(['notification_id', 'device_id'])
        .unique()
        .execute();
      // The sender's work list: what waits, by when it is due.
      await sql`CREATE INDEX push_deliveries_due_idx ON push_deliveries (next_attempt_at, id) WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(db);
      // Removing a device takes its deliveries (ON DELETE CASCADE looks them up by device); pruning goes by age.
      await db.schema.createIndex('push_deliveries_device_idx').on('push_deliveries').column('device_id').execute();
      await db.schema.createIndex('push_deliveries_created_idx').on('push_deliveries').column('created_at').execute();
    },
    async down(db: MigrationDb) {
      for (const table of ['push_deliveries', 'push_devices']) await db.schema.dropTable(table).execute();
    },
  };
}
