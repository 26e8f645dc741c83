import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../connection.js';
import { CHECKPOINT_BACKSTOP_PAGES } from './wal-checkpointer.js';

describe('SQLite checkpoints on a thread of their own', () => {
  let db: Db | undefined;
  let dir = '';
  afterEach(async () => {
    await db?.close();
    db = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies the log back without the server’s connection doing it, and the log restarts instead of growing', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-wal-'));
    const file = path.join(dir, 'app.db');
    db = openDatabase({ sqliteFile: file });
    const sqlite = db.sqlite!;
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(CHECKPOINT_BACKSTOP_PAGES);
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = sqlite.prepare('INSERT INTO t (body) VALUES (?)');
    const walBytes = () => fs.statSync(`${file}-wal`).size;
    // About 2,000 pages a round: far below the backstop, so only the worker can have copied them.
    const round = () =>
      sqlite.transaction(() => {
        for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(3_000));
      })();
    round();
    const deadline = Date.now() + 10_000;
    while ((db.checkpointer?.copied ?? 0) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(db.checkpointer?.copied).toBeGreaterThan(0);
    const afterFirst = walBytes();
    // Once copied, the next writes start the log from its beginning again: it does not grow by another round.
    round();
    expect(walBytes()).toBeLessThan(afterFirst * 1.5);
    expect(sqlite.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 4_000 });
  });

  it('is not started for a database in memory', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-wal-'));
    db = openDatabase({ sqliteFile: ':memory:' });
    expect(db.checkpointer).toBeUndefined();
  });
});
