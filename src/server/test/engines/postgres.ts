/** Throw-away PostgreSQL databases for tests: one per harness, scale-out suite or job-engine test. */
import crypto from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** The new database's URL (the server's URL with the database name swapped in). */
  url: string;
  name: string;
  /** Waits (briefly) for its connections to leave, then drops it WITH (FORCE). */
  drop(): Promise<void>;
}

/** A fresh database `<prefix>_<pid>_<random>` on the server `baseUrl` points at (any database there to connect to). */
export async function createPostgresDatabase(baseUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // pg's pool.end() resolves before its clients have hung up; terminating them under FORCE would raise an
        // unhandled 'error' on those clients, so wait (briefly) for them to leave first.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
