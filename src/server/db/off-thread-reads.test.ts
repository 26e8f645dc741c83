import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './connection.js';
import { offThreadReads, onConnection } from './off-thread-reads.js';

describe('reads off the server’s connection (SQLite)', () => {
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
    const read = offThreadReads(d);
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
      const [row] = await offThreadReads(d)(slow);
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
    const read = offThreadReads(d);
    await expect(read(d.kysely.selectFrom('no_such_table' as never).selectAll())).rejects.toThrow(/no such table/);
    expect(await read(grouped(d))).toHaveLength(7);
  });

  it('cannot write', async () => {
    const d = open();
    const write = d.kysely
      .insertInto('t' as never)
      .values({ user_id: 1, n: 1 } as never)
      .returning(sql<number>`id`.as('id'));
    await expect(offThreadReads(d)(write as never)).rejects.toThrow(/readonly|read-only|query_only/i);
    expect(d.sqlite!.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 500 });
  });

  it('in memory there is no file to open twice: the read runs on the connection', () => {
    db = openDatabase({ sqliteFile: ':memory:' });
    expect(offThreadReads(db)).toBe(onConnection);
  });
});
