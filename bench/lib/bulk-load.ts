/**
 * Fills a migrated database with N generated deals plus members, votes, comments and saves, fast:
 * SQLite: prepared statements in big transactions with journaling off (unsafe mode, the checkpointer stopped),
 * secondary indexes and the full-text triggers dropped during the load, then indexes rebuilt, the FTS index filled in
 * one statement and ANALYZE run.
 * PostgreSQL: multi-row INSERT ... SELECT FROM unnest(arrays) per batch, search_vector computed in the same insert,
 * secondary indexes rebuilt afterwards.
 */
import pg from 'pg';
import type { Db } from '../../src/server/db/connection.js';
import { FILL_LEXEME_COUNTS, FILL_LIVE_SEARCH_INDEX } from '../../src/server/db/migrations/013-live-search-index.js';
import { FILL_SEARCH_WORDS } from '../../src/server/db/migrations/014-search-words.js';
import { resetSequences } from '../../src/server/db/seed/index.js';
import { hashPassword } from '../../src/server/services/passwords.js';
import { type CommentRow, DEAL_COLUMNS, type DealRow, dealGenerator, type GeneratorConfig, type SaveRow, type VoteRow } from './bulk-data.js';

export const BULK_PASSWORD = 'Bench-Passw0rd';

export interface BulkOptions {
  deals: number;
  users?: number;
  seed?: number;
  meanVotes?: number;
  meanComments?: number;
  /** Postgres only: the connection string (the loader uses its own client). */
  postgresUrl?: string;
  log?: (line: string) => void;
}

export interface BulkReport {
  deals: number;
  users: number;
  votes: number;
  comments: number;
  saves: number;
  seconds: number;
}

const TABLES = ['deals', 'votes', 'comments', 'saved_deals'];
const BATCH = 20_000;

function generatorConfig(opts: BulkOptions, firstUserId: number, userCount: number): GeneratorConfig {
  return {
    seed: opts.seed ?? 42,
    now: Date.now(),
    spanDays: Math.min(3650, Math.max(30, Math.ceil(opts.deals / 1500))),
    firstUserId,
    userCount,
    meanVotes: opts.meanVotes ?? 1.5,
    meanComments: opts.meanComments ?? 0.4,
  };
}

const defaultUsers = (deals: number) => Math.max(200, Math.min(50_000, Math.round(deals / 20)));

interface MemberRow {
  id: number;
  username: string;
  username_key: string;
  email: string;
  password_hash: string;
  role: string;
  email_verified_at: string;
  created_at: string;
  updated_at: string;
}

async function memberRows(firstId: number, count: number): Promise<MemberRow[]> {
  const hash = await hashPassword(BULK_PASSWORD);
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const username = `shopper${String(firstId + i).padStart(6, '0')}`;
    return {
      id: firstId + i,
      username,
      username_key: username,
      email: `${username}@bulk.quidsin.test`,
      password_hash: hash,
      role: 'user',
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    };
  });
}

async function assertEmpty(db: Db) {
  const any = await db.kysely.selectFrom('deals').select('id').limit(1).executeTakeFirst();
  if (any) throw new Error('The database already has deals; the bulk generator fills an empty one (use --reset for a SQLite file).');
}

export async function bulkLoad(db: Db, opts: BulkOptions): Promise<BulkReport> {
  await assertEmpty(db);
  return db.dialect === 'sqlite' ? bulkLoadSqlite(db, opts) : bulkLoadPostgres(db, opts);
}

async function bulkLoadSqlite(db: Db, opts: BulkOptions): Promise<BulkReport> {
  const s = db.sqlite;
  if (!s) throw new Error('SQLite handle missing');
  const log = opts.log ?? (() => {});
  const started = Date.now();
  // No log during the load (a fresh file: a failed load is thrown away). better-sqlite3 refuses journal_mode OFF
  // outside its unsafe mode, and the app's checkpointer thread must let go of the file first; until both were seen to,
  // loads ran in WAL mode, every page written twice (to the log and back).
  await db.checkpointer?.stop();
  s.unsafeMode(true);
  const mode = s.pragma('journal_mode = OFF', { simple: true });
  if (mode !== 'off') throw new Error(`SQLite kept journal_mode ${String(mode)} for the bulk load`);
  s.pragma('synchronous = OFF');
  s.pragma('cache_size = -262144');
  // Lets SQLite sort with helper threads while building indexes.
  s.pragma('threads = 4');

  const firstUserId = (s.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS n FROM users').get() as { n: number }).n;
  const userCount = opts.users ?? defaultUsers(opts.deals);
  const members = await memberRows(firstUserId, userCount);
  const insertUser = s.prepare(
    'INSERT INTO users (id, username, username_key, email, password_hash, role, email_verified_at, created_at, updated_at) VALUES (@id, @username, @username_key, @email, @password_hash, @role, @email_verified_at, @created_at, @updated_at)',
  );
  s.transaction(() => {
    for (const m of members) insertUser.run(m);
  })();
  log(`members: ${userCount}`);

  const q = TABLES.map((t) => `'${t}'`).join(',');
  const indexes = s.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${q}) AND sql IS NOT NULL`).all() as Array<{
    name: string;
    sql: string;
  }>;
  const triggers = s.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'deals'`).all() as Array<{ name: string; sql: string }>;
  for (const i of indexes) s.exec(`DROP INDEX ${i.name}`);
  for (const t of triggers) s.exec(`DROP TRIGGER ${t.name}`);

  const insertDeal = s.prepare(`INSERT INTO deals (${DEAL_COLUMNS.join(', ')}) VALUES (${DEAL_COLUMNS.map((c) => `@${c}`).join(', ')})`);
  const insertVote = s.prepare('INSERT INTO votes (deal_id, user_id, vote_type, created_at) VALUES (@deal_id, @user_id, @vote_type, @created_at)');
  const insertComment = s.prepare('INSERT INTO comments (deal_id, user_id, text, created_at) VALUES (@deal_id, @user_id, @text, @created_at)');
  const insertSave = s.prepare('INSERT OR IGNORE INTO saved_deals (user_id, deal_id, created_at) VALUES (@user_id, @deal_id, @created_at)');
  const next = dealGenerator(generatorConfig(opts, firstUserId, userCount), 1);
  const totals = { votes: 0, comments: 0, saves: 0 };
  const loadBatch = s.transaction((n: number) => {
    for (let i = 0; i < n; i++) {
      const g = next();
      insertDeal.run(g.deal);
      for (const v of g.votes) insertVote.run(v);
      for (const c of g.comments) insertComment.run(c);
      for (const sv of g.saves) insertSave.run(sv);
      totals.votes += g.votes.length;
      totals.comments += g.comments.length;
      totals.saves += g.saves.length;
    }
  });
  for (let done = 0; done < opts.deals; done += BATCH) {
    loadBatch(Math.min(BATCH, opts.deals - done));
    if ((done / BATCH) % 10 === 0) log(`deals: ${Math.min(opts.deals, done + BATCH)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  log(`rows loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; building indexes`);
  for (const i of indexes) s.exec(i.sql);
  log(`indexes built (${((Date.now() - started) / 1000).toFixed(1)} s); filling the full-text index`);
  s.exec(`INSERT INTO deals_fts (rowid, title, description, store, category)
          SELECT d.id, d.title, d.description, st.name, c.name FROM deals d JOIN stores st ON st.id = d.store_id JOIN categories c ON c.id = d.category_id`);
  s.exec(`INSERT INTO deals_fts (deals_fts) VALUES ('optimize')`);
  s.exec(FILL_LIVE_SEARCH_INDEX);
  s.exec(`INSERT INTO deals_live_fts (deals_live_fts) VALUES ('optimize')`);
  // The words of what was just indexed (the deals triggers that learn them were off during the load).
  for (const statement of FILL_SEARCH_WORDS) s.exec(statement);
  for (const t of triggers) s.exec(t.sql);
  log(`full-text index built (${((Date.now() - started) / 1000).toFixed(1)} s); analysing`);
  s.exec('ANALYZE');
  s.pragma('journal_mode = WAL');
  s.pragma('synchronous = NORMAL');
  s.unsafeMode(false);
  return { deals: opts.deals, users: userCount, ...totals, seconds: (Date.now() - started) / 1000 };
}

/** unnest() arrays per column: one statement per batch whatever its size. */
function columns<T extends object>(rows: T[], keys: readonly (keyof T)[]): unknown[][] {
  return keys.map((k) => rows.map((r) => r[k]));
}

async function bulkLoadPostgres(db: Db, opts: BulkOptions): Promise<BulkReport> {
  if (!opts.postgresUrl) throw new Error('postgresUrl is required for PostgreSQL');
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const c = new pg.Client({ connectionString: opts.postgresUrl });
  await c.connect();
  try {
    const firstUserId = Number((await c.query('SELECT COALESCE(MAX(id), 0) + 1 AS n FROM users')).rows[0].n);
    const userCount = opts.users ?? defaultUsers(opts.deals);
    const members = await memberRows(firstUserId, userCount);
    const memberKeys = ['id', 'username', 'username_key', 'email', 'password_hash', 'role', 'email_verified_at', 'created_at', 'updated_at'] as const;
    await c.query(
      `INSERT INTO users (${memberKeys.join(', ')}) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])`,
      columns(members, memberKeys),
    );
    log(`members: ${userCount}`);

    const indexes = (
      await c.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1)
           AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
        [TABLES],
      )
    ).rows as Array<{ indexname: string; indexdef: string }>;
    for (const i of indexes) await c.query(`DROP INDEX ${i.indexname}`);
    // The search vector is computed in the insert and the lexeme counts are filled once after it (migration 013).
    const triggers = ['deals_search_vector_trigger', 'deal_lexeme_counts_insert_delete', 'deal_lexeme_counts_update'];
    for (const t of triggers) await c.query(`ALTER TABLE deals DISABLE TRIGGER ${t}`);

    const types = [
      'int',
      'text',
      'text',
      'text',
      'text',
      'text',
      'int',
      'int',
      'text',
      'int',
      'int',
      'int',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'int',
      'int',
      'int',
      'float8',
      'int',
      'int',
    ];
    const dealSql = `INSERT INTO deals (${DEAL_COLUMNS.join(', ')}, search_vector)
      SELECT u.*, setweight(to_tsvector('english', u.title), 'A') || setweight(to_tsvector('english', st.name || ' ' || cat.name), 'B')
                  || setweight(to_tsvector('english', u.description), 'C')
      FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) AS u(${DEAL_COLUMNS.join(', ')})
      JOIN stores st ON st.id = u.store_id JOIN categories cat ON cat.id = u.category_id`;
    const next = dealGenerator(generatorConfig(opts, firstUserId, userCount), 1);
    const totals = { votes: 0, comments: 0, saves: 0 };
    const batch = 5_000;
    for (let done = 0; done < opts.deals; done += batch) {
      const deals: DealRow[] = [];
      const votes: VoteRow[] = [];
      const comments: CommentRow[] = [];
      const saves: SaveRow[] = [];
      for (let i = 0; i < Math.min(batch, opts.deals - done); i++) {
        const g = next();
        deals.push(g.deal);
        votes.push(...g.votes);
        comments.push(...g.comments);
        saves.push(...g.saves);
      }
      await c.query('BEGIN');
      await c.query(dealSql, columns(deals, DEAL_COLUMNS));
      await c.query(
        'INSERT INTO votes (deal_id, user_id, vote_type, created_at) SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[])',
        columns(votes, ['deal_id', 'user_id', 'vote_type', 'created_at']),
      );
      await c.query(
        'INSERT INTO comments (deal_id, user_id, text, created_at) SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[])',
        columns(comments, ['deal_id', 'user_id', 'text', 'created_at']),
      );
      await c.query(
        'INSERT INTO saved_deals (user_id, deal_id, created_at) SELECT * FROM unnest($1::int[], $2::int[], $3::text[]) ON CONFLICT DO NOTHING',
        columns(saves, ['user_id', 'deal_id', 'created_at']),
      );
      await c.query('COMMIT');
      totals.votes += votes.length;
      totals.comments += comments.length;
      totals.saves += saves.length;
      if ((done / batch) % 20 === 0) log(`deals: ${Math.min(opts.deals, done + batch)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    for (const t of triggers) await c.query(`ALTER TABLE deals ENABLE TRIGGER ${t}`);
    await c.query('TRUNCATE deal_lexeme_counts');
    await c.query(FILL_LEXEME_COUNTS);
    log('rows loaded; building indexes');
    await c.query("SET maintenance_work_mem = '512MB'");
    for (const i of indexes) await c.query(i.indexdef);
    await resetSequences(db, ['users', 'deals', 'votes', 'comments']);
    // VACUUM too: freshly loaded pages are not yet marked all-visible, so every "index-only" count would still read
    // the table; a running site gets this from autovacuum, a bulk load must ask for it.
    await c.query('VACUUM (ANALYZE)');
    return { deals: opts.deals, users: userCount, ...totals, seconds: (Date.now() - started) / 1000 };
  } finally {
    await c.end();
  }
}
