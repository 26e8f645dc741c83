import { sql } from 'kysely';
import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/**
 * Bits of a deals_live_fts rowid (negated) that hold the deal's id; the bits above hold its publication time. Deals with an id
 * of 2^22 or more are not indexed there, and a site that has them searches the general way (features/deals/
 * live-search.ts checks the largest id).
 */
export const LIVE_SEARCH_ID_BITS = 22;
const ID_LIMIT = 2 ** LIVE_SEARCH_ID_BITS;
/** 2020-01-01 as a Julian day: times are counted in ms from there, so the time bits last from 1950 to 2089. */
const EPOCH_JULIAN_DAY = 2458849.5;

/**
 * The rowid of a deal row (`new` or `old` in a trigger, `d` in a query): minus (publication ms, then id), so rowid
 * order is newest first. Negated because FTS5 reads a term's list forwards faster than backwards (a prefix term's
 * merged list above all: p95 of a title page 3.8 -> 2.8 ms at a million deals).
 */
function rowKey(ref: string): string {
  const ms = `CAST(ROUND((julianday(${ref}.published_at) - ${EPOCH_JULIAN_DAY}) * 86400000) AS INTEGER)`;
  return `(-(${ms} * ${ID_LIMIT} + ${ref}.id))`;
}

const isLive = (ref: string) => `${ref}.status = 'active' AND ${ref}.id < ${ID_LIMIT}`;
const COLUMNS = 'rowid, title, description, store, category';
const values = (ref: string) =>
  `${rowKey(ref)}, ${ref}.title, ${ref}.description, (SELECT name FROM stores WHERE id = ${ref}.store_id), (SELECT name FROM categories WHERE id = ${ref}.category_id)`;

/**
 * SQLite: a second full-text index holding only active deals, whose rowid orders them newest first (rowKey). A search
 * of live deals (the search box, with no other filter) then needs nothing but this index:
 * - its newest matches are its first rows in rowid order, the order FTS5 reads each term's list in;
 * - its capped total counts index entries, with no lookup of each match's status and expiry in the deals table.
 * With deals_fts alone, a common word at a million deals cost a walk of the newest-first index testing ~1,000 deals
 * against a materialised match set, and ~1,350 status lookups for the "1,000+" total (docs/notes/bench.md).
 * Same columns and tokenizer as deals_fts (001), so both answer a query alike. Kept in step by triggers: a deal enters
 * when it becomes active and leaves when it stops being active; a change of text or publication time re-indexes it.
 * Lapsed deals (active, past their expiry, not yet swept) stay until the sweep: queries leave them out by id.
 * PostgreSQL: see postgresLiveSearch.
 */
export function liveSearchIndex(dialect: Dialect) {
  if (dialect === 'postgres') return postgresLiveSearch;
  return {
    async up(db: MigrationDb) {
      await sql`CREATE VIRTUAL TABLE deals_live_fts USING fts5(title, description, store, category, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`.execute(
        db,
      );
      const remove = `DELETE FROM deals_live_fts WHERE ${isLive('old')} AND rowid = ${rowKey('old')};`;
      const add = `INSERT INTO deals_live_fts(${COLUMNS}) SELECT ${values('new')} WHERE ${isLive('new')};`;
      await sql.raw(`CREATE TRIGGER deals_live_fts_insert AFTER INSERT ON deals BEGIN ${add} END`).execute(db);
      // One trigger, removal first: a changed title keeps the rowid, which must be free again before the new entry.
      await sql
        .raw(
          `CREATE TRIGGER deals_live_fts_update AFTER UPDATE OF status, published_at, title, description, store_id, category_id ON deals BEGIN ${remove} ${add} END`,
        )
        .execute(db);
      await sql.raw(`CREATE TRIGGER deals_live_fts_delete AFTER DELETE ON deals BEGIN ${remove} END`).execute(db);
      await sql.raw(FILL_LIVE_SEARCH_INDEX).execute(db);
      await sql`INSERT INTO deals_live_fts(deals_live_fts) VALUES ('optimize')`.execute(db);
    },
    async down(db: MigrationDb) {
      for (const t of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER deals_live_fts_${t}`).execute(db);
      await sql`DROP TABLE deals_live_fts`.execute(db);
    },
  };
}

/** The statement that fills deals_live_fts from the deals table (the bench's bulk loader, which drops triggers). */
export const FILL_LIVE_SEARCH_INDEX = `INSERT INTO deals_live_fts(${COLUMNS}) SELECT ${values('d')} FROM deals AS d WHERE ${isLive('d')}`;

/** Any constant: the advisory lock that orders the writers of deal_lexeme_counts (see postgresLiveSearch). */
const LEXEME_COUNTS_LOCK = 7_013_001;

/**
 * PostgreSQL: its GIN index gives neither an order nor a count without visiting each match's row (no index-only scans),
 * so a search of live deals at a million deals walked ~4,000 rows of the newest-first index for a page and visited
 * ~1,350 rows to say "1,000+". Two structures make both cheap:
 * - deals_live_title_walk_idx: the newest-first order of active deals with title_vector and expires_at beside each
 *   entry, so the walk for a page of title matches tests each deal from the index (an index-only scan), not its row;
 * - deal_lexeme_counts: how many active deals hold each lexeme of search_vector, kept by a trigger in the transaction
 *   of the change. A one-word search matches at least as many live deals as its most common matching lexeme counts,
 *   less the lapsed ones; when that bound passes the cap, the total is "1,000+" without counting
 *   (features/deals/lexeme-counts.ts). Writers of the counts take one advisory lock in turn: a transaction that changes
 *   several deals would otherwise take the rows of common lexemes in an order that can deadlock with another.
 */
const postgresLiveSearch = {
  async up(db: MigrationDb) {
    await sql`CREATE INDEX deals_live_title_walk_idx ON deals (published_at DESC, id DESC) INCLUDE (title_vector, expires_at) WHERE status = 'active'`.execute(
      db,
    );
    await sql`CREATE TABLE deal_lexeme_counts (lexeme text COLLATE "C" PRIMARY KEY, live_deals integer NOT NULL)`.execute(db);
    await sql
      .raw(`CREATE FUNCTION deal_lexeme_counts_update() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(${LEXEME_COUNTS_LOCK});
        INSERT INTO deal_lexeme_counts AS c (lexeme, live_deals)
          SELECT lexeme, SUM(delta) FROM (
            SELECT unnest(tsvector_to_array(OLD.search_vector)), -1 WHERE TG_OP <> 'INSERT' AND OLD.status = 'active'
            UNION ALL
            SELECT unnest(tsvector_to_array(NEW.search_vector)), 1 WHERE TG_OP <> 'DELETE' AND NEW.status = 'active'
          ) AS change(lexeme, delta)
          GROUP BY lexeme HAVING SUM(delta) <> 0 ORDER BY lexeme
        ON CONFLICT (lexeme) DO UPDATE SET live_deals = c.live_deals + EXCLUDED.live_deals;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`)
      .execute(db);
    await sql`CREATE TRIGGER deal_lexeme_counts_insert_delete AFTER INSERT OR DELETE ON deals
      FOR EACH ROW EXECUTE FUNCTION deal_lexeme_counts_update()`.execute(db);
    // search_vector is set by a BEFORE trigger (001) from the columns an UPDATE names, so those are what this watches.
    await sql`CREATE TRIGGER deal_lexeme_counts_update AFTER UPDATE OF status, title, description, store_id, category_id ON deals
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.search_vector IS DISTINCT FROM NEW.search_vector)
      EXECUTE FUNCTION deal_lexeme_counts_update()`.execute(db);
    await sql.raw(FILL_LEXEME_COUNTS).execute(db);
  },
  async down(db: MigrationDb) {
    await sql`DROP TRIGGER deal_lexeme_counts_update ON deals`.execute(db);
    await sql`DROP TRIGGER deal_lexeme_counts_insert_delete ON deals`.execute(db);
    await sql`DROP FUNCTION deal_lexeme_counts_update()`.execute(db);
    await sql`DROP TABLE deal_lexeme_counts`.execute(db);
    await sql`DROP INDEX deals_live_title_walk_idx`.execute(db);
  },
};

/** The statement that fills deal_lexeme_counts from the deals table (the bench's bulk loader, which disables triggers). */
export const FILL_LEXEME_COUNTS = `INSERT INTO deal_lexeme_counts (lexeme, live_deals)
  SELECT lexeme, COUNT(*) FROM deals, unnest(tsvector_to_array(search_vector)) AS lexeme WHERE status = 'active' GROUP BY lexeme`;
