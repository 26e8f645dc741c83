import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/** The tokenizer of deals_fts (001) and deals_live_fts (013): a word is what these make of the text. */
export const SEARCH_TOKENIZER = `tokenize='porter unicode61 remove_diacritics 2'`;

/**
 * SQLite: every word the full-text indexes can hold, in a plain table (deal_search_words), so that a search term, a
 * prefix, is looked up as the few whole words it begins (features/deals/search/search-words.ts).
 *
 * FTS5 answers a prefix query ("free"*) by first merging the lists of every word with that prefix into one, in memory:
 * its cost grows with the deals that match (7 ms for "free", in 270k of a million deals, before the first row comes
 * back, and again for the total). The same words as an OR of whole words ("free" OR "freez") are read in step, a row at
 * a time: a page and a capped total then cost what they read (0.02-0.1 ms), whatever the size of the site.
 *
 * The table is a superset of both indexes' words: it takes the words of every title and description written (insert, or
 * update of either) and of every store and category name (insert or rename), which is all the text the indexes are fed.
 * Words are never removed: a word no live deal holds costs an empty list in the OR. The words are FTS5's own, cut by
 * the same tokenizer: the triggers write the text into deal_search_scratch (emptied each time) and read its vocabulary
 * back through deal_search_scratch_words. PostgreSQL does not need it (tsquery prefixes read the GIN index in order).
 */
export function searchWords(dialect: Dialect) {
  if (dialect === 'postgres') return { up: async () => {}, down: async () => {} };
  return {
    async up(db: MigrationDb) {
      await sql`CREATE TABLE deal_search_words (word TEXT PRIMARY KEY) WITHOUT ROWID`.execute(db);
      await sql.raw(`CREATE VIRTUAL TABLE deal_search_scratch USING fts5(t, content='', detail=none, ${SEARCH_TOKENIZER})`).execute(db);
      await sql`CREATE VIRTUAL TABLE deal_search_scratch_words USING fts5vocab(deal_search_scratch, 'row')`.execute(db);
      const learn = (text: string) =>
        `INSERT INTO deal_search_scratch(deal_search_scratch) VALUES ('delete-all');
         INSERT INTO deal_search_scratch(rowid, t) VALUES (1, ${text});
         INSERT OR IGNORE INTO deal_search_words(word) SELECT term FROM deal_search_scratch_words;`;
      const dealText = `new.title || ' ' || COALESCE(new.description, '')`;
      await sql.raw(`CREATE TRIGGER deal_search_words_insert AFTER INSERT ON deals BEGIN ${learn(dealText)} END`).execute(db);
      await sql
        .raw(`CREATE TRIGGER deal_search_words_update AFTER UPDATE OF title, description ON deals
        WHEN new.title IS NOT old.title OR new.description IS NOT old.description BEGIN ${learn(dealText)} END`)
        .execute(db);
      for (const table of ['stores', 'categories']) {
        await sql.raw(`CREATE TRIGGER ${table}_search_words_insert AFTER INSERT ON ${table} BEGIN ${learn('new.name')} END`).execute(db);
        await sql
          .raw(`CREATE TRIGGER ${table}_search_words_update AFTER UPDATE OF name ON ${table} WHEN new.name IS NOT old.name BEGIN ${learn('new.name')} END`)
          .execute(db);
      }
      for (const statement of FILL_SEARCH_WORDS) await sql.raw(statement).execute(db);
    },
    async down(db: MigrationDb) {
      for (const t of [
        'deal_search_words_insert',
        'deal_search_words_update',
        'stores_search_words_insert',
        'stores_search_words_update',
        'categories_search_words_insert',
        'categories_search_words_update',
      ]) {
        await sql.raw(`DROP TRIGGER ${t}`).execute(db);
      }
      await sql`DROP TABLE deal_search_scratch_words`.execute(db);
      await sql`DROP TABLE deal_search_scratch`.execute(db);
      await sql`DROP TABLE deal_search_words`.execute(db);
    },
  };
}

/**
 * The statements that fill deal_search_words from what is already indexed (this migration, and the bench's bulk loader,
 * which drops the deals triggers while it loads): both indexes' vocabularies, and the store and category names.
 */
export const FILL_SEARCH_WORDS = [
  `CREATE VIRTUAL TABLE temp.deals_fts_words USING fts5vocab(main, deals_fts, 'row')`,
  `CREATE VIRTUAL TABLE temp.deals_live_fts_words USING fts5vocab(main, deals_live_fts, 'row')`,
  `INSERT OR IGNORE INTO deal_search_words(word) SELECT term FROM temp.deals_fts_words`,
  `INSERT OR IGNORE INTO deal_search_words(word) SELECT term FROM temp.deals_live_fts_words`,
  `DROP TABLE temp.deals_fts_words`,
  `DROP TABLE temp.deals_live_fts_words`,
  `INSERT INTO deal_search_scratch(deal_search_scratch) VALUES ('delete-all')`,
  `INSERT INTO deal_search_scratch(rowid, t) SELECT ROW_NUMBER() OVER (), name FROM (SELECT name FROM stores UNION ALL SELECT name FROM categories)`,
  `INSERT OR IGNORE INTO deal_search_words(word) SELECT term FROM deal_search_scratch_words`,
  `INSERT INTO deal_search_scratch(deal_search_scratch) VALUES ('delete-all')`,
];
