import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, mayReference, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * Account security (docs/notes/account-security.md):
 * - users.two_factor_enabled_at: set while an authenticator app is on, so the auth hook (which has the row, cached)
 *   knows without another read whether a staff account meets REQUIRE_STAFF_2FA.
 * - sessions: one row a sign-in; its id travels in the token (`sid`) and deleting the row ends it. `browser` is the
 *   user agent summarised ("Chrome on Mac"), `ip_hint` a coarse part of the address only (never the address);
 *   `authenticated_at` is the last time a password or passkey was proven on it (re-authentication for passkey changes).
 * - two_factor: the member's TOTP secret (AES-GCM, key derived from the JWT secret), when confirmed, the last time step
 *   accepted (a code is good once) and the run of wrong codes with its lock.
 * - recovery_codes: HMACs of the ten single-use codes.
 * - passkeys: WebAuthn credentials (id and COSE public key in base64url, the signature counter, a name).
 * - webauthn_challenges: every challenge handed out, single use, 5 minutes, in the database so any process can check it.
 * - security_events: the member's security activity list (kind, time, browser, coarse IP hint).
 */
export function accountSecurity(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('users').addColumn('two_factor_enabled_at', TIMESTAMP).execute();

      await createTableWithId(db, dialect, 'sessions')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('method', 'varchar(16)', (c) => c.notNull())
        .addColumn('browser', 'varchar(80)', (c) => c.notNull())
        .addColumn('ip_hint', 'varchar(64)', (c) => c.notNull())
        .$call(timestamps('created_at', 'last_used_at', 'authenticated_at', 'expires_at'))
        .execute();
      // A member's sessions, newest first (the list, and ending the others).
      await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('two_factor')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'varchar(255)', (c) => c.notNull())
        .addColumn('confirmed_at', TIMESTAMP)
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', TIMESTAMP)
        .$call(timestamps('created_at', 'updated_at'))
        .execute();

      await createTableWithId(db, dialect, 'recovery_codes')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('used_at', TIMESTAMP)
        .$call(timestamps('created_at'))
        .execute();
      await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

      await createTableWithId(db, dialect, 'passkeys')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('credential_id', 'varchar(512)', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(60)', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .addColumn('last_used_at', TIMESTAMP)
        .execute();
      await db.schema.createIndex('passkeys_credential_unique').on('passkeys').column('credential_id').unique().execute();
      await db.schema.createIndex('passkeys_user_idx').on('passkeys').columns(['user_id', 'created_at', 'id']).execute();

      await createTableWithId(db, dialect, 'webauthn_challenges')
        .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .$call(mayReference('user_id', 'users'))
        .$call(timestamps('expires_at', 'created_at'))
        .execute();
      await db.schema.createIndex('webauthn_challenges_unique').on('webauthn_challenges').column('challenge').unique().execute();
      await db.schema.createIndex('webauthn_challenges_expires_idx').on('webauthn_challenges').column('expires_at').execute();
      await db.schema.createIndex('webauthn_challenges_user_idx').on('webauthn_challenges').column('user_id').execute();

      await createTableWithId(db, dialect, 'security_events')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('browser', 'varchar(80)', (c) => c.notNull())
        .addColumn('ip_hint', 'varchar(64)', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .execute();
      // A member's activity, newest first (the paged list).
      await db.schema.createIndex('security_events_user_idx').on('security_events').columns(['user_id', 'created_at', 'id']).execute();
    },
    async down(db: MigrationDb) {
      for (const table of ['security_events', 'webauthn_challenges', 'passkeys', 'recovery_codes', 'two_factor', 'sessions']) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('users').dropColumn('two_factor_enabled_at').execute();
    },
  };
}
