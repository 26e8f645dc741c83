import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/** Advisory lock key of the start-up work (any 64-bit number no other code uses; Kysely's migrator uses its own). */
export const STARTUP_LOCK_KEY = 7_148_202_515_001;

/**
 * Runs the start-up work that must happen once, by one process, however many start together (migrations, seeding,
 * moving demo images to the bucket): on PostgreSQL under a session advisory lock held on one pooled connection, so a
 * second process waits and then finds the work done; the lock goes with the session if the holder dies. Kysely's
 * Migrator takes its own advisory lock too (pg_advisory_lock in its PostgreSQL adapter, with all pending migrations
 * in one transaction); this lock also covers the seeding after it. SQLite has one process: no lock.
 */
export async function withStartupLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return fn();
  return db.kysely.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    }
  });
}
