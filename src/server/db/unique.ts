import type { Transaction } from 'kysely';
import { HttpError } from '../http/errors.js';
import type { Db } from './connection.js';
import type { Database } from './schema.js';

/**
 * Whether `err` is a unique index refusing a write: SQLite's "UNIQUE constraint failed", PostgreSQL's 23505
 * "duplicate key value". An HttpError thrown on purpose inside the same work never is.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof HttpError) return false;
  return (err as { code?: string } | null)?.code === '23505' || /unique|duplicate/i.test(String((err as Error | null)?.message));
}

/** Runs `work` in one transaction; when a unique index refuses one of its writes, throws `conflict()` (a 409) instead. */
export async function transactionOrConflict<T>(db: Db, conflict: () => HttpError, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    return await db.kysely.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}
