import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Migration, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { migrateToLatest, migrationsFor } from './migrate.js';

describe('migrations', () => {
  it('runs a lower-numbered migration that lands after a higher-numbered one has run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-migrate-'));
    const db = openDatabase({ sqliteFile: path.join(dir, 'm.db') });
    try {
      const all = migrationsFor(db);
      const names = Object.keys(all).sort();
      const highest = names[names.length - 1];
      const skipped = names.find((n, i) => i > 0 && i < names.length - 1 && n > '015');
      expect(skipped).toBeDefined();
      // A database that ran everything but `skipped` (as one deployed before that migration landed).
      const without: Record<string, Migration> = { ...all };
      delete without[skipped as string];
      const early = new Migrator({ db: db.kysely, provider: { getMigrations: async () => without } });
      const first = await early.migrateToLatest();
      expect(first.error).toBeUndefined();
      expect(first.results?.some((r) => r.migrationName === highest)).toBe(true);
      await migrateToLatest(db);
      const ran = await db.kysely
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect((ran as Array<{ name: string }>).map((r) => r.name).sort()).toEqual(names);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
