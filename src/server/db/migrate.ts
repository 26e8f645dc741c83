import { sql, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection.js';
import { initial } from './migrations/001-initial.js';
import { dealBrowseIndexes } from './migrations/002-deal-browse-indexes.js';
import { dealCountIndex } from './migrations/003-deal-count-index.js';
import { dealUploads } from './migrations/004-deal-uploads.js';
import { productIdentity } from './migrations/005-product-identity.js';
import { alerts } from './migrations/006-alerts.js';
import { trust } from './migrations/007-trust.js';
import { community } from './migrations/008-community.js';
import { trendingCounters } from './migrations/010-trending-counters.js';
import { searchCountIndex } from './migrations/011-search-count-index.js';
import { trendingRecountIndex } from './migrations/012-trending-recount-index.js';
import { liveSearchIndex } from './migrations/013-live-search-index.js';
import { searchWords } from './migrations/014-search-words.js';
import { notifications } from './migrations/015-notifications.js';
import { pushDevices } from './migrations/016-push-devices.js';
import { posting } from './migrations/017-posting.js';
import { vouchersFollows } from './migrations/018-vouchers-follows.js';
import { alertSearchKeys } from './migrations/019-alert-search-keys.js';
import { dealDailyStats } from './migrations/020-deal-daily-stats.js';
import { dataRights } from './migrations/022-data-rights.js';
import { accountSecurity } from './migrations/021-account-security.js';

/**
 * Migrations live in code (not scanned from disk) so the compiled server and the tests run the same list.
 * Add new ones with a higher prefix; names sort alphabetically.
 */
export function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001-initial': initial(db.dialect),
    '002-deal-browse-indexes': dealBrowseIndexes(db.dialect),
    '003-deal-count-index': dealCountIndex(db.dialect),
    '004-deal-uploads': dealUploads(db.dialect),
    '005-product-identity': productIdentity(db.dialect),
    '006-alerts': alerts(db.dialect),
    '007-trust': trust(db.dialect),
    '008-community': community(db.dialect),
    '010-trending-counters': trendingCounters(db.dialect),
    '011-search-count-index': searchCountIndex(db.dialect),
    '012-trending-recount-index': trendingRecountIndex(db.dialect),
    '013-live-search-index': liveSearchIndex(db.dialect),
    '014-search-words': searchWords(db.dialect),
    '015-notifications': notifications(db.dialect),
    '016-push-devices': pushDevices(db.dialect),
    '017-posting': posting(db.dialect),
    '018-vouchers-follows': vouchersFollows(db.dialect),
    '019-alert-search-keys': alertSearchKeys(db.dialect),
    '020-deal-daily-stats': dealDailyStats(db.dialect),
    '022-data-rights': dataRights(db.dialect),
    '021-account-security': accountSecurity(db.dialect),
  };
}

/** Migrations that were renamed after they had run somewhere: the old name is rewritten before migrating. */
const RENAMED: Record<string, string> = { '002-deal-count-index': '003-deal-count-index' };

async function applyRenames(db: Db): Promise<void> {
  const tables = await db.kysely.introspection.getTables();
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  for (const [from, to] of Object.entries(RENAMED)) {
    await sql`UPDATE kysely_migration SET name = ${to} WHERE name = ${from}`.execute(db.kysely);
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  await applyRenames(db);
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  // Numbers were handed out to features built side by side, so a later-numbered one (020) can land and run before an
  // earlier one (016): each migration only adds its own tables and columns, so they may run in any order, and a database
  // that has 020 still gets 016 (by default Kysely refuses it as "corrupted migrations").
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
