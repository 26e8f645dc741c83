import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('prepared statement cache', () => {
  let raw: SqliteDatabase.Database;
  afterEach(() => {
    if (raw.open) raw.close();
  });

  it('reuses the statement of a SQL text and still binds each call’s parameters', () => {
    raw = new SqliteDatabase(':memory:');
    const db = withStatementCache(raw);
    db.prepare('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)').run();
    const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
    insert.run('a');
    db.prepare('INSERT INTO t (name) VALUES (?)').run('b');
    expect(db.prepare('INSERT INTO t (name) VALUES (?)')).toBe(insert);
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(2)).toEqual({ name: 'b' });
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(1)).toEqual({ name: 'a' });
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    raw = new SqliteDatabase(':memory:');
    const db = withStatementCache(raw);
    db.prepare('CREATE TABLE t (n INTEGER)').run();
    for (let i = 0; i < 3; i++) db.prepare('INSERT INTO t VALUES (?)').run(i);
    const outer = db.prepare('SELECT n FROM t ORDER BY n');
    const seen: number[] = [];
    for (const row of outer.iterate() as Iterable<{ n: number }>) {
      seen.push(row.n, ...(db.prepare('SELECT n FROM t ORDER BY n').all() as Array<{ n: number }>).map((r) => r.n));
    }
    expect(seen).toEqual([0, 0, 1, 2, 1, 0, 1, 2, 2, 0, 1, 2]);
  });

  it('sees columns added after a statement was kept', () => {
    raw = new SqliteDatabase(':memory:');
    const db = withStatementCache(raw);
    db.prepare('CREATE TABLE t (a INTEGER)').run();
    db.prepare('INSERT INTO t VALUES (1)').run();
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ a: 1 }]);
    db.prepare('ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 7').run();
    expect(db.prepare('SELECT * FROM t').all()).toEqual([{ a: 1, b: 7 }]);
  });

  it('keeps at most maxStatements, dropping the least recently used', () => {
    raw = new SqliteDatabase(':memory:');
    const db = withStatementCache(raw, 2);
    const one = db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    db.prepare('SELECT 1');
    db.prepare('SELECT 3');
    expect(db.cachedStatements).toBe(2);
    expect(db.prepare('SELECT 1')).toBe(one);
  });

  it('works as Kysely’s SQLite database, transactions included', async () => {
    raw = new SqliteDatabase(':memory:');
    const k = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`.execute(k);
    await k.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1, name: 'a' }).execute();
      await trx.insertInto('t').values({ id: 2, name: 'b' }).execute();
    });
    await expect(
      k.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 3, name: 'c' }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await k.selectFrom('t').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    await k.destroy();
  });
});
