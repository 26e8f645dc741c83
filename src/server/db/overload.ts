import type pg from 'pg';

/**
 * The database had no room for the request in time: the PostgreSQL pool handed out no connection within its wait, or
 * SQLite's writer lock stayed taken past busy_timeout. The work was not done (the transaction never began or was
 * rolled back), so the error handler answers 503 with Retry-After (plugins/error-handler.ts).
 */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('database busy', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** pg-pool's rejection when no connection came free within connectionTimeoutMillis (it has no code of its own). */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** The pool's connect() (the promise form Kysely uses) answers a wait past its timeout as a DatabaseBusyError. */
export function typedPoolTimeouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const typed = () =>
    connect().catch((err: unknown) => {
      throw err instanceof Error && err.message === POOL_WAIT_TIMEOUT ? new DatabaseBusyError(err) : err;
    });
  pool.connect = ((callback?: unknown) => (callback === undefined ? typed() : (connect as (cb: unknown) => void).call(pool, callback))) as pg.Pool['connect'];
}

/** An overload as the error handler sees it: the typed pool wait, or SQLite's own busy code. */
export function isDatabaseBusy(err: unknown): boolean {
  return err instanceof DatabaseBusyError || (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}
