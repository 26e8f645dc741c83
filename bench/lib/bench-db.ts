import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../../src/server/db/connection.js';

/**
 * A database of its own for a benchmark: a temporary SQLite file, or with BENCH_DATABASE_URL=postgres://... a temporary
 * PostgreSQL database created from that URL; `cleanup` closes and removes it.
 */
export async function openBenchDb(what: string): Promise<{ db: Db; label: string; url?: string; cleanup: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (base) {
    const name = `quidsin_bench_${what}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = openDatabase({ databaseUrl: url.toString(), sqliteFile: '' });
    return {
      db,
      label: 'PostgreSQL',
      url: url.toString(),
      cleanup: async () => {
        await db.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quidsin-bench-${what}-`));
  const db = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
  return {
    db,
    label: 'SQLite',
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
