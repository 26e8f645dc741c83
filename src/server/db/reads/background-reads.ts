import { type Compilable, sql } from 'kysely';
import type { Db } from '../connection.js';
import { startSqliteWorker } from '../sqlite/sqlite-worker.js';

/**
 * Runs a read and answers its rows. Background jobs that read whole tables take one, so that the read runs where it
 * does not hold up the site's requests (backgroundReads, below).
 */
export type ReadRunner = <R>(query: Compilable<R> & { execute(): Promise<R[]> }) => Promise<R[]>;

/** On the caller's own connection (an event's few rows through an index). */
export const onConnection: ReadRunner = (query) => query.execute();

// Run by the worker (db/sqlite/sqlite-worker.ts): one read, its rows posted back, then the connection closed.
const READ = `
try {
  db.pragma('busy_timeout = 5000');
  db.pragma('query_only = ON');
  db.pragma('mmap_size = 0');
  db.pragma('cache_size = -2048');
  parentPort.postMessage({ rows: db.prepare(workerData.sql).all(...workerData.parameters) });
} catch (err) {
  parentPort.postMessage({ error: String(err && err.message || err) });
} finally {
  db.close();
}
`;

function readOnThread(file: string, sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const worker = startSqliteWorker(file, READ, { sql, parameters });
    let answered = false;
    worker.once('message', (m: { rows?: unknown[]; error?: string }) => {
      answered = true;
      if (m.error !== undefined) reject(new Error(`background read failed: ${m.error}`));
      else resolve(m.rows ?? []);
    });
    worker.once('error', (err) => {
      answered = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`background read: the worker exited (${code}) without an answer`));
    });
  });
}

/**
 * Reads for a job that walks whole tables (docs/notes/bench.md, "RSS at 1M"), kept off what requests need:
 * - SQLite file: each read on a worker thread with a connection of its own, one read at a time. The server's connection
 *   maps the first 256 MB of the file (db/connection.ts); a scan of every deal through it brings all of that map into the
 *   process's resident memory, where the worker's connection reads through the OS's file cache (no map, a 2 MB page
 *   cache) and leaves nothing resident once it ends. And better-sqlite3 is synchronous: the same scan on the server's
 *   connection holds the event loop, so every request waits for it (seconds at a million deals). The worker lives for
 *   one read (an hourly job's few reads do not pay for a thread kept idle).
 * - PostgreSQL: each read in a read-only transaction without parallel workers. PostgreSQL would otherwise give a scan
 *   of ten million deals every core of a small machine for its seconds, and the site's requests would queue behind it;
 *   one core leaves the others to them.
 * - In memory (tests): on the connection, as there is no file to open twice.
 */
export function backgroundReads(db: Db): ReadRunner {
  const sqlite = db.sqlite;
  if (db.dialect === 'postgres') {
    return <R>(query: Compilable<R>) =>
      db.kysely
        .transaction()
        .execute(async (trx) => {
          await sql`SET TRANSACTION READ ONLY`.execute(trx);
          await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
          return trx.executeQuery(query.compile());
        })
        .then((result) => result.rows as R[]);
  }
  if (!sqlite || sqlite.memory) return onConnection;
  let queue: Promise<unknown> = Promise.resolve();
  return <R>(query: Compilable<R>) => {
    const { sql: text, parameters } = query.compile();
    const run = queue.then(() => readOnThread(sqlite.name, text, parameters) as Promise<R[]>);
    queue = run.catch(() => undefined);
    return run;
  };
}
