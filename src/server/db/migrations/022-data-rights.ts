import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, mayReference, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * A member's rights over their data (docs/notes/data-rights.md):
 * - email_tokens.new_email: the address a 'change-email' link moves the account to once it is followed;
 * - users.deleted_at: when the account was anonymised (the row stays so deals, comments and votes keep their author id);
 * - data_exports: the "Download my data" archives, a durable job per row (queued -> running -> ready | failed, then
 *   expired when its file is removed). `user_id` is whose data it holds, `requested_by` who asked and may download it
 *   (the member, or an administrator). At most one queued or running export per member (a partial unique index), the
 *   worker's list by status, the expiry sweep's by expires_at.
 */
export function dataRights(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('email_tokens').addColumn('new_email', 'varchar(254)').execute();
      await db.schema.alterTable('users').addColumn('deleted_at', TIMESTAMP).execute();

      await createTableWithId(db, dialect, 'data_exports')
        .$call(belongsTo({ user_id: 'users' }))
        .$call(mayReference('requested_by', 'users'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(200)')
        .addColumn('size_bytes', 'integer')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', TIMESTAMP)
        .addColumn('error', 'varchar(500)')
        .$call(timestamps('created_at'))
        .addColumn('finished_at', TIMESTAMP)
        .addColumn('expires_at', TIMESTAMP)
        .execute();
      // One export under way per member: a second request is a 409 however many processes take requests.
      await sql`CREATE UNIQUE INDEX data_exports_one_open ON data_exports (user_id) WHERE status IN ('queued', 'running')`.execute(db);
      // The lists: a member's exports (and an admin's requests), newest first.
      await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('data_exports_requester_idx').on('data_exports').columns(['requested_by', 'id']).execute();
      // The worker's list (what waits or was left running) and the expiry sweep's (ready files by expiry).
      await sql`CREATE INDEX data_exports_open_idx ON data_exports (id) WHERE status IN ('queued', 'running')`.execute(db);
      await sql`CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at) WHERE status = 'ready'`.execute(db);
    },
    async down(db: MigrationDb) {
      await db.schema.dropTable('data_exports').execute();
      await db.schema.alterTable('users').dropColumn('deleted_at').execute();
      await db.schema.alterTable('email_tokens').dropColumn('new_email').execute();
    },
  };
}
