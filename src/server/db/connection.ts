import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { lazyRequire } from '../infra/lazy-require.js';
import { typedPoolTimeouts } from './overload.js';
import { keepKeyedStatements } from './statements/prepared.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statements/statement-cache.js';
import { CHECKPOINT_BACKSTOP_PAGES, startWalCheckpointer, type WalCheckpointer } from './sqlite/wal-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle (SQLite only): used for bulk loading and EXPLAIN QUERY PLAN. */
  sqlite?: SqliteDatabase.Database;
  /** The pg pool (PostgreSQL only): its counts are reported by /metrics. */
  pool?: pg.Pool;
  /** SQLite files only: the log's checkpoints, made on a thread of their own (wal-checkpointer.ts). */
  checkpointer?: WalCheckpointer;
  /** SQLite only: forget kept prepared statements (db/statements/statement-cache.ts); query-plan tests capture at prepare. */
  clearStatementCache?(): void;
  close(): Promise<void>;
}

/** The pg driver, loaded by the first PostgreSQL database (a SQLite site never loads it, see lazy-require.ts). */
const loadPg = lazyRequire<typeof pg>('pg', (driver) => {
  // COUNT(*) and BIGINT arrive from pg as strings; every count we return fits in a JS number.
  driver.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  driver.types.setTypeParser(1700, (v) => Number.parseFloat(v));
});

export function openDatabase(opts: {
  databaseUrl?: string;
  sqliteFile: string;
  /** PostgreSQL: most connections of the pool (default 10) and how long a request waits for one (default 5 s). */
  pool?: { max?: number; waitMs?: number };
}): Db {
  if (opts.databaseUrl?.startsWith('postgres://') || opts.databaseUrl?.startsWith('postgresql://')) {
    const pool = new (loadPg().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.pool?.max ?? 10,
      connectionTimeoutMillis: opts.pool?.waitMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 30_000,
      // Short reads only: JIT compiling a query whose estimate passes jit_above_cost (a common search word's count at
      // a million deals) took 30 ms for a 20 ms query.
      options: '-c jit=off',
    });
    // A connection the server dropped (a PostgreSQL restart, pg_terminate_backend) is an 'error' event: on the pool
    // while idle (the pool discards it and opens a new one on next use), on the client while checked out between two
    // statements of a transaction (its next statement fails, the transaction with it, and the pool discards it on
    // release). Unheard, either event would end the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    typedPoolTimeouts(pool);
    keepKeyedStatements(pool);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', pool, close: () => kysely.destroy() };
  }
  // A database URL given as the file (a script that passed DATABASE_URL through the wrong option) would become folders
  // named after it, with an empty SQLite file inside.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(opts.sqliteFile)) throw new Error(`not a SQLite file path: ${opts.sqliteFile.split('@').pop()}`);
  if (opts.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SqliteDatabase(opts.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // 16 MB of page cache beside the 256 MB map of the file: reads within the map need no cache, pages beyond it are in
  // the OS's file cache anyway, and at a million deals a 64 MB cache put the server over 250 MB resident (bench
  // memory phase: 257-271 MB before, 176-232 MB after; search at 1M within noise).
  sqlite.pragma('cache_size = -16384');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('mmap_size = 268435456');
  // The log is copied back on a thread of its own (wal-checkpointer.ts); a commit does it only as a backstop.
  const checkpointer = opts.sqliteFile === ':memory:' ? undefined : startWalCheckpointer(opts.sqliteFile);
  if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`);
  // Kysely prepares every query afresh; keeping prepared statements by SQL text saves the parse and plan.
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    kysely,
    dialect: 'sqlite',
    sqlite,
    checkpointer,
    clearStatementCache: () => statements.clear(),
    close: async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    },
  };
}
