import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection.js';
import { initial } from './migrations/001-initial.js';
import { dealBrowseIndexes } from './migrations/002-deal-browse-indexes.js';
import { dealCountIndex } from './migrations/002-deal-count-index.js';

/**
 * Migrations live in code (not scanned from disk) so the compiled server and the tests run the same list.
 * Add new ones with a higher prefix; names sort alphabetically.
 */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001-initial': initial(db.dialect),
    '002-deal-browse-indexes': dealBrowseIndexes(db.dialect),
    '002-deal-count-index': dealCountIndex(db.dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
