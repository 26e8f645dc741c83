import { sql } from 'kysely';
import { storedProductKey } from '../../features/products/identity.js';
import type { Dialect } from '../connection.js';
import { createTableWithId, mayReference, timestamps, type MigrationDb } from './columns.js';

/** Deals keyed per statement by the backfill: one SELECT, one UPDATE and one INSERT per batch. */
export const BACKFILL_BATCH = 1000;

/**
 * Product identity (docs/notes/products.md):
 * - deals.product_key: the url's product key (features/products/identity.ts), indexed with created_at for the
 *   30-day duplicate lookups (warning, 409, scraper skip);
 * - deals.duplicate_of: the deal a new one was flagged as a likely repost of (ON DELETE SET NULL, partial index so
 *   deleting a deal finds the rows pointing at it without a scan);
 * - price_points: one row per observed price of a product, indexed by (product_key, recorded_at) for the 12-month
 *   history and by deal_id (ON DELETE SET NULL: the observation outlives its deal).
 * Existing deals are keyed and get one point (current price at publication) by backfillProductIdentity.
 */
export function productIdentity(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('deals').addColumn('product_key', 'varchar(512)').execute();
      await db.schema
        .alterTable('deals')
        .addColumn('duplicate_of', 'integer', (c) => c.references('deals.id').onDelete('set null'))
        .execute();
      await createTableWithId(db, dialect, 'price_points')
        .addColumn('product_key', 'varchar(512)', (c) => c.notNull())
        .addColumn('price_pence', 'integer', (c) => c.notNull())
        .addColumn('original_price_pence', 'integer')
        .$call(timestamps('recorded_at'))
        .$call(mayReference('deal_id', 'deals'))
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .execute();
      // Before the backfill, which asks it whether a deal already has a point.
      await db.schema.createIndex('price_points_deal_idx').on('price_points').column('deal_id').execute();

      await backfillProductIdentity(db);

      // After the backfill: building an index once is cheaper than keeping it up to date through a million updates.
      await db.schema.createIndex('deals_product_created_idx').on('deals').columns(['product_key', 'created_at']).execute();
      await sql`CREATE INDEX deals_duplicate_of_idx ON deals (duplicate_of) WHERE duplicate_of IS NOT NULL`.execute(db);
      await db.schema.createIndex('price_points_key_recorded_idx').on('price_points').columns(['product_key', 'recorded_at']).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('price_points_key_recorded_idx').execute();
      await db.schema.dropIndex('price_points_deal_idx').execute();
      await db.schema.dropTable('price_points').execute();
      await db.schema.dropIndex('deals_duplicate_of_idx').execute();
      await db.schema.dropIndex('deals_product_created_idx').execute();
      await db.schema.alterTable('deals').dropColumn('duplicate_of').execute();
      await db.schema.alterTable('deals').dropColumn('product_key').execute();
    },
  };
}

/**
 * Keys every deal whose product_key is not what its url gives, and records one price point (the current price at its
 * publication time, source 'backfill') for every keyed deal with a price that has none yet. Walks the table by id in
 * batches: per batch one SELECT of ids and urls, the keys computed in JS, one UPDATE .. FROM (VALUES ..) and one
 * INSERT .. SELECT over the id range, so memory stays flat and a million deals take seconds. Safe to run again.
 */
export async function backfillProductIdentity(db: MigrationDb, batchSize = BACKFILL_BATCH): Promise<{ keyed: number; points: number }> {
  let keyed = 0;
  let points = 0;
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; url: string; product_key: string | null }> = await db
      .selectFrom('deals')
      .select(['id', 'url', 'product_key'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const first = Number(rows[0].id);
    after = Number(rows[rows.length - 1].id);

    const changed = rows.map((r) => ({ id: Number(r.id), key: storedProductKey(r.url), was: r.product_key })).filter((r) => r.key !== r.was);
    if (changed.length > 0) {
      // Typed casts: PostgreSQL reads untyped VALUES parameters as text.
      const values = sql.join(changed.map((r) => sql`(CAST(${r.id} AS integer), CAST(${r.key} AS varchar(512)))`));
      await sql`UPDATE deals SET product_key = v.column2 FROM (VALUES ${values}) AS v WHERE deals.id = v.column1`.execute(db);
      keyed += changed.length;
    }

    const inserted = await sql`
      INSERT INTO price_points (product_key, price_pence, original_price_pence, recorded_at, deal_id, source)
      SELECT d.product_key, d.price_pence, d.original_price_pence, d.published_at, d.id, 'backfill'
      FROM deals d
      WHERE d.id >= ${first} AND d.id <= ${after} AND d.product_key IS NOT NULL AND d.price_pence IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM price_points p WHERE p.deal_id = d.id)`.execute(db);
    points += Number(inserted.numAffectedRows ?? 0);
    if (rows.length < batchSize) break;
  }
  return { keyed, points };
}
