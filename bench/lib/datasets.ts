import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { onCleanup } from './processes.js';

export const DATA_DIR = path.resolve('bench/data');

/**
 * What the generated data depends on: the generator, its data lists, the schema and the reference seed. A change to
 * any of them gives a new version, so a cached database is reused only when it is what the generator would make now.
 */
const VERSION_INPUTS = ['bench/generate.ts', 'bench/lib', 'src/server/db/migrations', 'src/server/db/migrate.ts', 'src/server/db/seed'];
const GENERATOR_FILE = /^(generate\.ts|bulk-.*\.ts|generate-.*\.ts)$/;

function filesOf(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return [p];
  return fs
    .readdirSync(p)
    .flatMap((f) => filesOf(path.join(p, f)))
    .filter((f) => !f.endsWith('.test.ts'));
}

export function generatorVersion(): string {
  const hash = crypto.createHash('sha256');
  for (const input of VERSION_INPUTS) {
    for (const file of filesOf(input).sort()) {
      // Of bench/lib only the generator's own modules count; the benchmark's modules do not change the data.
      if (file.startsWith(`bench${path.sep}lib`) && !GENERATOR_FILE.test(path.basename(file))) continue;
      hash.update(file).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 10);
}

function generate(deals: number, db: string, log: (s: string) => void) {
  const started = Date.now();
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.resolve('bench/generate.ts'), '--deals', String(deals), '--db', db, ...(db.startsWith('postgres') ? [] : ['--reset'])],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  );
  if (res.status !== 0) throw new Error(`bench/generate.ts --deals ${deals} failed (exit ${res.status}):\n${res.stdout}${res.stderr}`);
  const summary = res.stdout.trim().split('\n').pop() ?? '';
  log(`    ${summary.trim()} [${((Date.now() - started) / 1000).toFixed(0)} s]`);
}

export interface WorkingDatabase {
  deals: number;
  /** DATABASE_URL for the app: a SQLite file path or a postgres:// URL. */
  databaseUrl: string;
  dispose(): Promise<void>;
}

const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;
const freeBytes = (dir: string) => {
  const s = fs.statfsSync(dir);
  return s.bavail * s.bsize;
};
/** A copy of `bytes` leaves at least 5 GB free (the run's own files, PostgreSQL's log). */
const roomFor = (dir: string, bytes: number) => freeBytes(dir) - bytes > 5 * 2 ** 30;

/** A SQLite file opened with the app's settings (WAL) folded back into one file, as the cache keeps it. */
async function foldWal(file: string): Promise<void> {
  if (!fs.existsSync(`${file}-wal`)) return;
  const sqlite = (await import('better-sqlite3')).default;
  const db = new sqlite(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
}

const removeSqlite = (file: string) => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
};

/**
 * A SQLite database of `deals` generated deals, cached as bench/data/scale-<deals>-<version>.db. Callers get a copy
 * to work on (writes, WAL files), so the cache stays as generated. With `cache: false` (smoke runs) the database is
 * generated into `tmpDir` and never kept.
 */
export async function sqliteDatabase(deals: number, opts: { cache: boolean; tmpDir: string }, log: (s: string) => void): Promise<WorkingDatabase> {
  const version = generatorVersion();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const cached = opts.cache ? path.join(DATA_DIR, `scale-${deals}-${version}.db`) : path.join(opts.tmpDir, `scale-${deals}.db`);
  if (!fs.existsSync(cached)) {
    if (opts.cache) {
      // Older versions of this size would only fill the disk.
      for (const f of fs.readdirSync(DATA_DIR)) if (new RegExp(`^scale-${deals}-[0-9a-f]+\\.db`).test(f)) fs.rmSync(path.join(DATA_DIR, f), { force: true });
    }
    log(`  generating ${deals} deals (SQLite, generator ${version})`);
    const partial = `${cached}.partial`;
    removeSqlite(partial);
    const forget = onCleanup(() => removeSqlite(partial));
    try {
      generate(deals, partial, log);
      const sqlite = (await import('better-sqlite3')).default;
      const db = new sqlite(partial);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('journal_mode = DELETE');
      db.close();
      fs.renameSync(partial, cached);
    } finally {
      removeSqlite(partial);
      forget();
    }
  } else {
    log(`  reusing ${opts.cache ? path.relative(process.cwd(), cached) : 'the database generated above'}`);
    // Someone opened the cache with the app's settings (WAL): fold any WAL back in, or the copy below would miss it.
    await foldWal(cached);
  }

  const work = path.join(opts.tmpDir, `work-${deals}-${process.pid}.db`);
  const size = fs.statSync(cached).size;
  if (!roomFor(opts.tmpDir, size)) {
    // What a run writes (a few hundred votes and comments of the bench's members) stays in it; the next run's samples
    // skip what is taken.
    log(`  working on ${path.relative(process.cwd(), cached)} itself: ${gb(size)} does not fit twice on this disk (${gb(freeBytes(opts.tmpDir))} free)`);
    return { deals, databaseUrl: cached, dispose: () => foldWal(cached) };
  }
  removeSqlite(work);
  fs.copyFileSync(cached, work);
  const forget = onCleanup(() => removeSqlite(work));
  return {
    deals,
    databaseUrl: work,
    dispose: async () => {
      removeSqlite(work);
      forget();
    },
  };
}

const pgName = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

const isLocal = (url: string) => ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(url).hostname);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * PostgreSQL: a database quidsin_bench_<deals>_<version> on the server of BENCH_DATABASE_URL, generated once and kept;
 * each run works on a copy made with CREATE DATABASE ... TEMPLATE (a file copy), dropped afterwards.
 */
export async function postgresDatabase(baseUrl: string, deals: number, opts: { cache: boolean }, log: (s: string) => void): Promise<WorkingDatabase> {
  const version = generatorVersion();
  // Uncached (smoke) databases carry our pid: two smoke runs at once must neither share nor drop each other's.
  const name = opts.cache ? `quidsin_bench_${deals}_${version}` : `quidsin_bench_${deals}_${version}_p${process.pid}`;
  const exists = async (n: string) => withClient(baseUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [n])).rowCount === 1);
  const drop = (n: string) => withClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`));
  if (!opts.cache || !(await exists(name))) {
    if (opts.cache)
      await withClient(baseUrl, async (c) => {
        // Older versions of this size only: `_` is LIKE's any-character, so unescaped the 100,000-deal pattern also
        // matched (and dropped) the 1,000,000-deal database.
        const old = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`quidsin\\_bench\\_${deals}\\_%`]);
        for (const r of old.rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      });
    const loading = `${name}_loading`;
    await withClient(baseUrl, (c) => c.query(`CREATE DATABASE ${loading}`));
    log(`  generating ${deals} deals (PostgreSQL, generator ${version})`);
    try {
      generate(deals, pgName(baseUrl, loading), log);
    } catch (err) {
      await drop(loading);
      throw err;
    }
    await withClient(baseUrl, (c) => c.query(`ALTER DATABASE ${loading} RENAME TO ${name}`));
  } else log(`  reusing PostgreSQL database ${name}`);

  // The copy goes where the server keeps its files: when that is this machine's disk and a copy would not fit, the
  // run works on the cached database itself.
  const room = await withClient(baseUrl, async (c) => {
    const size = Number((await c.query('SELECT pg_database_size($1) AS n', [name])).rows[0].n);
    const dir = await c
      .query(`SELECT setting FROM pg_settings WHERE name = 'data_directory'`)
      .then((r) => r.rows[0]?.setting as string | undefined)
      .catch(() => undefined);
    return { size, dir: dir && isLocal(baseUrl) && fs.existsSync(dir) ? dir : undefined };
  });
  if (room.dir && !roomFor(room.dir, room.size)) {
    log(`  working on PostgreSQL database ${name} itself: ${gb(room.size)} does not fit twice on this disk (${gb(freeBytes(room.dir))} free)`);
    return { deals, databaseUrl: pgName(baseUrl, name), dispose: async () => {} };
  }
  const work = `quidsin_bench_work_${process.pid}_${deals}`;
  await drop(work);
  // FILE_COPY (PostgreSQL 15+) copies the files after a checkpoint; the default, WAL_LOG, writes every page of the
  // template through the write-ahead log, minutes and gigabytes of log at ten million deals.
  await withClient(baseUrl, (c) =>
    c.query(`CREATE DATABASE ${work} TEMPLATE ${name} STRATEGY FILE_COPY`).catch(async (err: { code?: string }) => {
      if (err.code !== '42601') throw err;
      await c.query(`CREATE DATABASE ${work} TEMPLATE ${name}`);
    }),
  );
  return {
    deals,
    databaseUrl: pgName(baseUrl, work),
    dispose: async () => {
      await drop(work);
      if (!opts.cache) await drop(name);
    },
  };
}
