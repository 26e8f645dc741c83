import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createTableWithId, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/**
 * Keyword alerts and the durable mail outbox they deliver through (docs/notes/alerts.md):
 * - alerts: a member's saved search; `match_key` and `match_key2` are its two indexed words (its longest terms,
 *   folded and cut to 8 characters), so the alerts a new deal may match are found by probing the deal's word prefixes,
 *   never by reading every alert;
 * - alert_matches: one row per (alert, deal), ever: the unique pair is what makes "once and only once" hold;
 *   `notified_at` is set when the match is handed to the outbox (at once for instant alerts, by the digest for daily);
 * - mail_outbox: mails to send, written in the transaction that decides them, drained with retries and backoff;
 * - alert_digest_runs: the London day whose daily digest has been sent in full.
 * No foreign keys to categories and stores: a removed category leaves the alert visible (and matching nothing) for
 * the member to edit, rather than deleting it or widening it silently.
 */
export function alerts(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'alerts')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('query', 'varchar(100)', (c) => c.notNull())
        .addColumn('match_key', 'varchar(16)', (c) => c.notNull())
        /** The alert's second indexed word ('' for a one-word alert): candidates need both. */
        .addColumn('match_key2', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('category_id', 'integer')
        .addColumn('store_id', 'integer')
        .addColumn('max_price_pence', 'integer')
        .addColumn('min_temperature', 'integer')
        .addColumn('frequency', 'varchar(8)', (c) => c.notNull())
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(timestamps('created_at', 'updated_at'))
        .addColumn('last_sent_at', TIMESTAMP)
        /** London date (YYYY-MM-DD) of the alert's last digest. */
        .addColumn('last_digest_on', 'varchar(10)')
        .execute();
      // A member's list, newest first.
      await db.schema.createIndex('alerts_user_created_idx').on('alerts').columns(['user_id', 'created_at', 'id']).execute();
      // Candidate lookup for a new deal: one probe per word prefix, live alerts only; the second key is checked on the
      // index entry, before the row is read.
      await sql`CREATE INDEX alerts_match_key_idx ON alerts (match_key, match_key2) WHERE paused = 0`.execute(db);
      // A vote lifting a deal from F to T: is any live alert waiting for a temperature in (F, T]? (one probe)
      await sql`CREATE INDEX alerts_min_temperature_idx ON alerts (min_temperature) WHERE paused = 0 AND min_temperature IS NOT NULL`.execute(db);

      await createTableWithId(db, dialect, 'alert_matches')
        .$call(belongsTo({ alert_id: 'alerts', deal_id: 'deals' }))
        /** 'activation' or 'temperature': what made the deal match. */
        .addColumn('via', 'varchar(16)', (c) => c.notNull())
        .$call(timestamps('matched_at'))
        .addColumn('notified_at', TIMESTAMP)
        // Also the alert's feed and digest order: its matched deals, newest deal first.
        .addUniqueConstraint('alert_matches_alert_deal_unique', ['alert_id', 'deal_id'])
        .execute();
      await db.schema.createIndex('alert_matches_deal_idx').on('alert_matches').column('deal_id').execute();
      // The digest's work list: alerts with matches not mailed yet.
      await sql`CREATE INDEX alert_matches_pending_idx ON alert_matches (alert_id) WHERE notified_at IS NULL`.execute(db);

      await createTableWithId(db, dialect, 'mail_outbox')
        /** Which handler renders and sends it ('message' is a ready-made mail). */
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        /** One mail per decision, however often the decision is replayed. */
        .addColumn('dedupe_key', 'varchar(160)', (c) => c.notNull().unique())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(timestamps('next_attempt_at'))
        .addColumn('claimed_until', TIMESTAMP)
        .addColumn('last_error', 'text')
        .addColumn('sent_at', TIMESTAMP)
        /** Set when the mail will not be sent: nothing left to say (alert gone or paused) or too many failures. */
        .addColumn('given_up_at', TIMESTAMP)
        .$call(timestamps('created_at'))
        .execute();
      await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(db);

      await db.schema
        .createTable('alert_digest_runs')
        .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
        .$call(timestamps('finished_at'))
        .execute();
    },
    async down(db: MigrationDb) {
      for (const table of ['alert_digest_runs', 'mail_outbox', 'alert_matches', 'alerts']) await db.schema.dropTable(table).execute();
    },
  };
}
