import type { Dialect } from '../connection.js';
import { createTableWithId, mayReference, timestamps, type MigrationDb } from './columns.js';

/**
 * Deal image uploads belong to the account that uploaded them and to at most one deal: a member can no
 * longer point a deal at someone else's picture, and deleting one deal never takes another's image. Existing deals'
 * uploads are claimed by the deal that shows them (the lowest id wins where two already share one).
 */
export function dealUploads(dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'deal_uploads')
        .addColumn('path', 'varchar(200)', (c) => c.notNull().unique())
        .$call(mayReference('owner_id', 'users'))
        .$call(mayReference('deal_id', 'deals'))
        .$call(timestamps('created_at'))
        .execute();
      // "Does another deal show this file?" on delete and on attach: an index, not a scan of a million deals.
      await db.schema.createIndex('deals_image_url_idx').on('deals').column('image_url').execute();
      await db
        .insertInto('deal_uploads')
        .columns(['path', 'owner_id', 'deal_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('deals')
            .select(['image_url', 'user_id', eb.fn.min('id').as('deal_id'), 'created_at'])
            .where('image_url', 'like', '/uploads/deals/%')
            .groupBy(['image_url', 'user_id', 'created_at']),
        )
        .onConflict((oc) => oc.column('path').doNothing())
        .execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('deals_image_url_idx').execute();
      await db.schema.dropTable('deal_uploads').execute();
    },
  };
}
