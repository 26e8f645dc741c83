/**
 * A request that finds no database connection free in time is told apart from a fault where it happens, in the pool:
 * the error handler answers it 503 (plugins/error-handler.ts). Other connection failures stay what they are.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PG_BASE_URL, postgresAvailable } from '../scale/services.js';
import { type Db, openDatabase } from './connection.js';
import { DatabaseBusyError, isDatabaseBusy } from './overload.js';

const pgUp = await postgresAvailable();
/** The smallest query there is, answered or failed (the error is the answer). */
const selectOne = (db: Db) =>
  db.kysely
    .selectNoFrom(sql<number>`1`.as('one'))
    .execute()
    .catch((err: unknown) => err);

describe.skipIf(!pgUp)('PostgreSQL pool waits', () => {
  it('a wait past the pool timeout is a DatabaseBusyError; the held connection and later requests are unharmed', async () => {
    const db = openDatabase({ databaseUrl: PG_BASE_URL, sqliteFile: ':memory:', pool: { max: 1, waitMs: 150 } });
    try {
      const held = await db.pool!.connect();
      const waited = await selectOne(db);
      expect(waited).toBeInstanceOf(DatabaseBusyError);
      expect(isDatabaseBusy(waited)).toBe(true);
      expect(((waited as Error).cause as Error).message).toMatch(/timeout/);
      held.release();
      expect(await selectOne(db)).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('a server that refuses the connection is not an overload', async () => {
    const url = new URL(PG_BASE_URL);
    url.port = '1';
    const db = openDatabase({ databaseUrl: url.toString(), sqliteFile: ':memory:', pool: { waitMs: 1_000 } });
    try {
      const err = await selectOne(db);
      expect(err).toBeInstanceOf(Error);
      expect(isDatabaseBusy(err)).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe('SQLite busy', () => {
  it("SQLite's busy code is an overload; other errors are not", () => {
    expect(isDatabaseBusy(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT' }))).toBe(false);
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });
});
