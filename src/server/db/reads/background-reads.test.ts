import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PG_BASE_URL, postgresAvailable } from '../../scale/services.js';
import { backgroundReads, onConnection } from './background-reads.js';
import { type Db, openDatabase } from '../connection.js';

const pgUp = await postgresAvailable();

describe('background reads off the server’s connection (SQLite)', () => {
  let db: Db | undefined;
  let dir = '';
  afterEach(async () => {
    await db?.close();
    db = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-offthread-'));
    db = openDatabase({ sqliteFile: path.join(dir, 'app.db') });
    db.sqlite!.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, user_id INTEGER, n INTEGER)');
    const insert = db.sqlite!.prepare('INSERT INTO t (user_id, n) VALUES (?, ?)');
    for (let i = 0; i < 500; i++) insert.run(i % 7, i);
    return db;
  };
  // A grouped read as the jobs write them: parameters, GROUP BY, aliases.
  const grouped = (d: Db) =>
    d.kysely
      .selectFrom('t' as never)
      .select([sql<number>`user_id`.as('user_id'), sql<number>`COUNT(*)`.as('rows'), sql<number>`SUM(n)`.as('total')])
      .where(sql<boolean>`n >= ${10}`)
      .groupBy(sql`user_id`)
      .orderBy(sql`user_id`);

  it('answers what the same read answers on the connection, including rows committed just before', async () => {
    const d = open();
    // Written on the server's connection (still in the log, not yet copied back): the worker's connection sees it.
    d.sqlite!.prepare('INSERT INTO t (user_id, n) VALUES (?, ?)').run(99, 1000);
    const read = backgroundReads(d);
    expect(read).not.toBe(onConnection);
    const there = await read(grouped(d));
    expect(there).toEqual(await grouped(d).execute());
    expect(there).toContainEqual({ user_id: 99, rows: 1, total: 1000 });
  });

  it('does not hold the event loop while it reads', async () => {
    const d = open();
    // A read that takes a while (a recursive count of a few million): timers keep firing meanwhile.
    const slow = d.kysely.selectNoFrom(
      sql<number>`(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT COUNT(*) FROM c)`.as('n'),
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const [row] = await backgroundReads(d)(slow);
      expect(row).toEqual({ n: 1_000_000 });
      expect(ticks).toBeGreaterThan(0);
      // The same read on the connection: nothing else runs until it ends.
      ticks = 0;
      await onConnection(slow);
      const during = ticks;
      expect(during).toBe(0);
    } finally {
      clearInterval(timer);
    }
  });

  it('a failing read rejects with the driver’s message and the next read still runs', async () => {
    const d = open();
    const read = backgroundReads(d);
    await expect(read(d.kysely.selectFrom('no_such_table' as never).selectAll())).rejects.toThrow(/no such table/);
    expect(await read(grouped(d))).toHaveLength(7);
  });

  it('cannot write', async () => {
    const d = open();
    const write = d.kysely
      .insertInto('t' as never)
      .values({ user_id: 1, n: 1 } as never)
      .returning(sql<number>`id`.as('id'));
    await expect(backgroundReads(d)(write as never)).rejects.toThrow(/readonly|read-only|query_only/i);
    expect(d.sqlite!.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 500 });
  });

  it('in memory there is no file to open twice: the read runs on the connection', () => {
    db = openDatabase({ sqliteFile: ':memory:' });
    expect(backgroundReads(db)).toBe(onConnection);
  });
});

describe.skipIf(!pgUp)('reads off the requests’ cores (PostgreSQL)', () => {
  it('runs each read in a read-only transaction without parallel workers, and answers what the connection answers', async () => {
    const db = openDatabase({ databaseUrl: PG_BASE_URL, sqliteFile: ':memory:', pool: { max: 2 } });
    const table = `background_reads_${process.pid}`;
    try {
      const read = backgroundReads(db);
      const settings = db.kysely.selectNoFrom([
        sql<string>`current_setting('transaction_read_only')`.as('readOnly'),
        sql<string>`current_setting('max_parallel_workers_per_gather')`.as('parallel'),
      ]);
      expect(await read(settings)).toEqual([{ readOnly: 'on', parallel: '0' }]);
      // The pool's connections are as they were: the settings were the transaction's own.
      expect((await settings.execute())[0].readOnly).toBe('off');

      const grouped = db.kysely
        .selectFrom(sql`generate_series(1, 500)`.as('g') as never)
        .select([sql<number>`g % 7`.as('k'), sql<number>`COUNT(*)::int`.as('n')])
        .groupBy(sql`g % 7`)
        .orderBy(sql`g % 7`);
      expect(await read(grouped)).toEqual(await grouped.execute());

      await sql.raw(`CREATE TABLE ${table} (id serial PRIMARY KEY, n int)`).execute(db.kysely);
      const write = db.kysely
        .insertInto(table as never)
        .values({ n: 1 } as never)
        .returning(sql<number>`id`.as('id'));
      await expect(read(write as never)).rejects.toThrow(/read-only transaction/);
      expect(await sql.raw(`SELECT COUNT(*)::int AS n FROM ${table}`).execute(db.kysely)).toMatchObject({ rows: [{ n: 0 }] });
    } finally {
      await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db.kysely);
      await db.close();
    }
  });
});
