import { sql } from 'kysely';
import { shopHost } from '../../../shared/domain/shops/shop-domain.js';
import type { Dialect } from '../connection.js';
import { TIMESTAMP, type MigrationDb } from './columns.js';

/**
 * Posting a deal (docs/notes/posting.md):
 * - stores.domain: the host of the shop's site without `www.`/`m.`, so a pasted link finds its shop (indexed; filled
 *   from each store's url here); stores.confirmed: 0 for a shop a member named for an unknown site, until the team
 *   confirms, renames, merges or gives it a logo (existing stores are confirmed);
 * - deals.posted_live: 1 for a trusted member's deal that went live without review, for the team's "Posted by trusted
 *   members" list (a partial index, newest first);
 * - comments.edited_at: when the author last changed the text (shown "edited");
 * - moderation_log(entity_type, entity_id, id): a member's deals' reasons and tidied titles on My deals.
 */
export function posting(_dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      await db.schema.alterTable('stores').addColumn('domain', 'varchar(253)').execute();
      await db.schema
        .alterTable('stores')
        .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      const stores: Array<{ id: number; url: string | null }> = await db.selectFrom('stores').select(['id', 'url']).where('url', 'is not', null).execute();
      for (const s of stores) {
        const host = shopHost(s.url);
        if (host) await db.updateTable('stores').set({ domain: host }).where('id', '=', s.id).execute();
      }
      await db.schema.createIndex('stores_domain_idx').on('stores').column('domain').execute();
      // The back office's Stores screen: unconfirmed first, then by name.
      await db.schema.createIndex('stores_confirmed_name_idx').on('stores').columns(['confirmed', 'name_key']).execute();

      await db.schema
        .alterTable('deals')
        .addColumn('posted_live', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`CREATE INDEX deals_posted_live_idx ON deals (created_at, id) WHERE posted_live = 1`.execute(db);

      await db.schema.alterTable('comments').addColumn('edited_at', TIMESTAMP).execute();
      // My deals: the team's latest entries about each of the member's deals (reasons, a tidied title).
      await db.schema.createIndex('moderation_log_entity_idx').on('moderation_log').columns(['entity_type', 'entity_id', 'id']).execute();
    },
    async down(db: MigrationDb) {
      await db.schema.dropIndex('moderation_log_entity_idx').execute();
      await db.schema.alterTable('comments').dropColumn('edited_at').execute();
      await sql`DROP INDEX deals_posted_live_idx`.execute(db);
      await db.schema.alterTable('deals').dropColumn('posted_live').execute();
      await db.schema.dropIndex('stores_confirmed_name_idx').execute();
      await db.schema.dropIndex('stores_domain_idx').execute();
      await db.schema.alterTable('stores').dropColumn('confirmed').execute();
      await db.schema.alterTable('stores').dropColumn('domain').execute();
    },
  };
}
