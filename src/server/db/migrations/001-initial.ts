import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { belongsTo, createLinkTable, createTableWithId, mayReference, TIMESTAMP, timestamps, type MigrationDb } from './columns.js';

/** The whole schema of the foundation, one migration for both dialects. */
export function initial(dialect: Dialect) {
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: MigrationDb) {
      await createTableWithId(db, dialect, 'users')
        .addColumn('username', 'varchar(20)', (c) => c.notNull())
        .addColumn('username_key', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
        .addColumn('avatar', 'text')
        .addColumn('bio', 'text')
        .addColumn('email_verified_at', TIMESTAMP)
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .$call(timestamps('created_at', 'updated_at'))
        .execute();
      await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

      await createTableWithId(db, dialect, 'email_tokens')
        .$call(belongsTo({ user_id: 'users' }))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
        .$call(timestamps('expires_at'))
        .addColumn('used_at', TIMESTAMP)
        .$call(timestamps('created_at'))
        .execute();
      await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').column('user_id').execute();

      await createTableWithId(db, dialect, 'categories')
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
        .$call(timestamps('created_at', 'updated_at'))
        .execute();

      await createTableWithId(db, dialect, 'stores')
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(50)', (c) => c.notNull().unique())
        .addColumn('url', 'text')
        .addColumn('logo_url', 'text')
        .$call(timestamps('created_at', 'updated_at'))
        .execute();

      await createTableWithId(db, dialect, 'deals')
        .addColumn('title', 'varchar(255)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('image_url', 'text')
        .addColumn('thumbnail_url', 'text')
        .addColumn('price_pence', 'integer')
        .addColumn('original_price_pence', 'integer')
        .addColumn('coupon', 'varchar(50)')
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id'))
        .$call(mayReference('user_id', 'users'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('source', 'varchar(64)')
        .$call(timestamps('created_at', 'updated_at', 'published_at'))
        .addColumn('expires_at', TIMESTAMP)
        .addColumn('upvotes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('downvotes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('temperature', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hot_score', real, (c) => c.notNull().defaultTo(0))
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Browse indexes: every public list filters on status and orders by one key (id breaks ties).
      const dealIndexes: Array<[string, string[]]> = [
        ['deals_status_published_idx', ['status', 'published_at', 'id']],
        ['deals_status_temperature_idx', ['status', 'temperature', 'id']],
        ['deals_status_hot_idx', ['status', 'hot_score', 'id']],
        ['deals_status_price_idx', ['status', 'price_pence', 'id']],
        ['deals_status_comments_idx', ['status', 'comment_count', 'id']],
        ['deals_category_status_published_idx', ['category_id', 'status', 'published_at', 'id']],
        ['deals_store_status_published_idx', ['store_id', 'status', 'published_at', 'id']],
        ['deals_user_created_idx', ['user_id', 'created_at']],
        ['deals_status_created_idx', ['status', 'created_at']],
        ['deals_created_idx', ['created_at']],
        ['deals_updated_idx', ['updated_at']],
      ];
      for (const [name, cols] of dealIndexes) await db.schema.createIndex(name).on('deals').columns(cols).execute();

      await createTableWithId(db, dialect, 'votes')
        .$call(belongsTo({ deal_id: 'deals', user_id: 'users' }))
        .addColumn('vote_type', 'integer', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .addUniqueConstraint('votes_deal_user_unique', ['deal_id', 'user_id'])
        .execute();
      await db.schema.createIndex('votes_created_deal_idx').on('votes').columns(['created_at', 'deal_id']).execute();
      await db.schema.createIndex('votes_user_idx').on('votes').column('user_id').execute();

      await createLinkTable(db, 'saved_deals', { user_id: 'users', deal_id: 'deals' }).execute();
      await db.schema.createIndex('saved_deals_user_created_idx').on('saved_deals').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('saved_deals_deal_idx').on('saved_deals').column('deal_id').execute();

      await createTableWithId(db, dialect, 'comments')
        .$call(belongsTo({ deal_id: 'deals', user_id: 'users' }))
        .addColumn('text', 'text', (c) => c.notNull())
        .$call(timestamps('created_at'))
        .execute();
      await db.schema.createIndex('comments_deal_idx').on('comments').columns(['deal_id', 'id']).execute();
      await db.schema.createIndex('comments_user_idx').on('comments').columns(['user_id', 'id']).execute();

      await createTableWithId(db, dialect, 'scraper_logs')
        .addColumn('source', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('deals_added', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('data_file', 'text')
        .$call(timestamps('created_at'))
        .addColumn('finished_at', TIMESTAMP)
        .execute();

      await createTableWithId(db, dialect, 'scraped_items')
        .addColumn('source', 'varchar(64)', (c) => c.notNull())
        .addColumn('item_key', 'varchar(512)', (c) => c.notNull())
        .$call(mayReference('deal_id', 'deals'))
        .$call(timestamps('created_at'))
        .addUniqueConstraint('scraped_items_source_key_unique', ['source', 'item_key'])
        .execute();

      await createTableWithId(db, dialect, 'deal_backups')
        .$call(belongsTo({ deal_id: 'deals' }))
        .addColumn('reason', 'varchar(64)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .$call(mayReference('created_by', 'users'))
        .$call(timestamps('created_at'))
        .execute();
      await db.schema.createIndex('deal_backups_deal_idx').on('deal_backups').column('deal_id').execute();

      await createTableWithId(db, dialect, 'moderation_log')
        .$call(mayReference('actor_id', 'users'))
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('entity_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('entity_title', 'text')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .$call(timestamps('created_at'))
        .execute();
      await db.schema.createIndex('moderation_log_created_idx').on('moderation_log').column('created_at').execute();

      if (dialect === 'sqlite') await createSqliteFullText(db);
      else await createPostgresFullText(db);
    },
  };
}

/**
 * SQLite: a contentless FTS5 index over title, description and the store and category names,
 * kept in step by triggers. contentless_delete lets the triggers delete rows by rowid.
 */
async function createSqliteFullText(db: MigrationDb) {
  await sql`CREATE VIRTUAL TABLE deals_fts USING fts5(title, description, store, category, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`.execute(
    db,
  );
  const insertRow = (ref: 'new') =>
    sql.raw(
      `INSERT INTO deals_fts(rowid, title, description, store, category) VALUES (${ref}.id, ${ref}.title, ${ref}.description,
       (SELECT name FROM stores WHERE id = ${ref}.store_id), (SELECT name FROM categories WHERE id = ${ref}.category_id));`,
    );
  await sql`CREATE TRIGGER deals_fts_insert AFTER INSERT ON deals BEGIN ${insertRow('new')} END`.execute(db);
  await sql`CREATE TRIGGER deals_fts_update AFTER UPDATE OF title, description, store_id, category_id ON deals BEGIN
    DELETE FROM deals_fts WHERE rowid = old.id; ${insertRow('new')} END`.execute(db);
  await sql`CREATE TRIGGER deals_fts_delete AFTER DELETE ON deals BEGIN DELETE FROM deals_fts WHERE rowid = old.id; END`.execute(db);
  // A renamed store or category re-indexes its deals through the update trigger.
  await sql`CREATE TRIGGER stores_fts_rename AFTER UPDATE OF name ON stores BEGIN
    UPDATE deals SET store_id = store_id WHERE store_id = new.id; END`.execute(db);
  await sql`CREATE TRIGGER categories_fts_rename AFTER UPDATE OF name ON categories BEGIN
    UPDATE deals SET category_id = category_id WHERE category_id = new.id; END`.execute(db);
}

/** PostgreSQL: a weighted tsvector column (title A, store and category B, description C) with a GIN index. */
async function createPostgresFullText(db: MigrationDb) {
  await sql`ALTER TABLE deals ADD COLUMN search_vector tsvector`.execute(db);
  await sql`CREATE FUNCTION deals_search_vector_update() RETURNS trigger AS $$
    BEGIN
      NEW.search_vector :=
        setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce((SELECT name FROM stores WHERE id = NEW.store_id), '') || ' ' ||
                                          coalesce((SELECT name FROM categories WHERE id = NEW.category_id), '')), 'B') ||
        setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
      RETURN NEW;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER deals_search_vector_trigger BEFORE INSERT OR UPDATE OF title, description, store_id, category_id
    ON deals FOR EACH ROW EXECUTE FUNCTION deals_search_vector_update()`.execute(db);
  await sql`CREATE INDEX deals_search_idx ON deals USING gin(search_vector)`.execute(db);
  await sql`CREATE FUNCTION stores_rename_reindex() RETURNS trigger AS $$
    BEGIN UPDATE deals SET store_id = store_id WHERE store_id = NEW.id; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER stores_rename_trigger AFTER UPDATE OF name ON stores FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION stores_rename_reindex()`.execute(db);
  await sql`CREATE FUNCTION categories_rename_reindex() RETURNS trigger AS $$
    BEGIN UPDATE deals SET category_id = category_id WHERE category_id = NEW.id; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
  await sql`CREATE TRIGGER categories_rename_trigger AFTER UPDATE OF name ON categories FOR EACH ROW
    WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_rename_reindex()`.execute(db);
}
