/**
 * Captures the SQL a request runs on SQLite and its EXPLAIN QUERY PLAN, to prove every deal list is index-served
 * (query-plans.test.ts) and to print the plans for docs/notes/deals-api.md (bench/deal-plans.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/connection.js';

/** Every sort and filter of GET /deals, the home rows and the other lists of this API. [name, url] */
export const PLAN_CASES: Array<[string, string]> = [
  ['default (active, newest)', '/api/deals'],
  ['sort=hottest', '/api/deals?sort=hottest'],
  ['sort=getting-warm', '/api/deals?sort=getting-warm'],
  ['sort=price-asc', '/api/deals?sort=price-asc'],
  ['sort=price-desc', '/api/deals?sort=price-desc'],
  ['sort=most-commented', '/api/deals?sort=most-commented'],
  ['sort=trending', '/api/deals?sort=trending'],
  ['status=expired', '/api/deals?status=expired'],
  ['status=expired&sort=hottest', '/api/deals?status=expired&sort=hottest'],
  ['status=all', '/api/deals?status=all'],
  ['status=all&sort=price-asc', '/api/deals?status=all&sort=price-asc'],
  ['category=3', '/api/deals?category=3'],
  ['category=3&sort=hottest', '/api/deals?category=3&sort=hottest'],
  ['category=3&sort=getting-warm', '/api/deals?category=3&sort=getting-warm'],
  ['category=3&sort=price-asc', '/api/deals?category=3&sort=price-asc'],
  ['category=3&sort=most-commented', '/api/deals?category=3&sort=most-commented'],
  ['store=42', '/api/deals?store=42'],
  ['store=42&sort=hottest', '/api/deals?store=42&sort=hottest'],
  ['store=42&sort=price-desc', '/api/deals?store=42&sort=price-desc'],
  ['store=42&sort=most-commented', '/api/deals?store=42&sort=most-commented'],
  ['category=1&store=2', '/api/deals?category=1&store=2'],
  ['minPrice=25&maxPrice=50', '/api/deals?minPrice=25&maxPrice=50'],
  ['minPrice=25&maxPrice=50&sort=price-asc', '/api/deals?minPrice=25&maxPrice=50&sort=price-asc'],
  ['maxPrice=25&sort=hottest', '/api/deals?maxPrice=25&sort=hottest'],
  // A band holding most deals, one per page: walked in the sort's order (the narrow bands above are read by price).
  ['minPrice=0&maxPrice=200&pageSize=1', '/api/deals?minPrice=0&maxPrice=200&pageSize=1'],
  ['dealType=hot', '/api/deals?dealType=hot'],
  ['dealType=warm', '/api/deals?dealType=warm'],
  ['dealType=free', '/api/deals?dealType=free'],
  ['dealType=discounted', '/api/deals?dealType=discounted'],
  ['dealType=hot,free', '/api/deals?dealType=hot,free'],
  ['dealType=hot&sort=hottest', '/api/deals?dealType=hot&sort=hottest'],
  ['search=lego', '/api/deals?search=lego'],
  ['search=air fryer', '/api/deals?search=air%20fryer'],
  ['search=samsung&sort=price-asc', '/api/deals?search=samsung&sort=price-asc'],
  ['search=tv&sort=trending', '/api/deals?search=tv&sort=trending'],
  ['search=coffee&category=4', '/api/deals?search=coffee&category=4'],
  ['search=lego&status=all', '/api/deals?search=lego&status=all'],
  // One deal a page makes these words common (list-query.ts manyMatches): the title matches are walked; "amazon" is
  // in no title (the store's name), so its title part is fetched (none) and the rest walked.
  ['search=samsung&pageSize=1', '/api/deals?search=samsung&pageSize=1'],
  ['search=amazon&pageSize=1&page=2', '/api/deals?search=amazon&pageSize=1&page=2'],
  // Forgiving search (shared/domain/search): a synonym OR, a model name with its phrase forms, a phrase and an exclusion.
  ['search=hoover', '/api/deals?search=hoover'],
  ['search=ps5&sort=hottest', '/api/deals?search=ps5&sort=hottest'],
  ['search="air fryer" -ninja', '/api/deals?search=%22air%20fryer%22%20-ninja'],
  // A misspelt word: its near spellings are looked up in the vocabulary by its primary key, then searched.
  ['search=samsnug', '/api/deals?search=samsnug'],
  ['search=televsion&sort=price-asc', '/api/deals?search=televsion&sort=price-asc'],
  ['page=200', '/api/deals?page=200'],
  ['pageSize=100', '/api/deals?pageSize=100'],
  ['GET /deals/trending', '/api/deals/trending'],
  ['GET /deals/getting-warm', '/api/deals/getting-warm'],
  ['GET /deals/newest', '/api/deals/newest'],
  ['GET /deals/most-commented', '/api/deals/most-commented'],
  ['GET /deals/related', '/api/deals/related?category=3&excludeDealId=5'],
];

/**
 * Cases whose price band is narrow for the plan tests' few deals: read as a range of the price index and sorted
 * (list-query.ts fewInPriceRange; the rows sorted are bounded by the break-even it computes).
 */
export const NARROW_PRICE_BANDS = new Set(['minPrice=25&maxPrice=50', 'maxPrice=25&sort=hottest', 'minPrice=10&maxPrice=50&sort=discount']);

/** The read of a page's ids, on either engine; not the lapsed deals' lookup (list-query.ts lapsedIds) a count may run first. */
export function isPageRead(statement: string): boolean {
  const ids = /^SELECT d\.id FROM deals AS d/.test(statement) || /^select "d"\."id" from "deals" as "d"/.test(statement);
  return ids && !/^SELECT d\.id FROM deals AS d(?: INDEXED BY deals_status_expires_idx)? WHERE d\.status = 'active' AND d\.expires_at <= /.test(statement);
}

/**
 * A page read (the ids of a list) that sorts the rows it read instead of reading an index in order: sorting means
 * reading the whole filtered set. Exempt, being bounded: full-text candidates (the matches), deals without a price (a
 * key lookup, scraped only), and the narrow price bands above (the break-even of fewInPriceRange).
 */
export function sortsInsteadOfIndex(name: string, st: { sql: string; plan: string[] }): boolean {
  const pageRead = isPageRead(st.sql);
  const bandRange = NARROW_PRICE_BANDS.has(name) && st.plan.some((l) => /USING (COVERING )?INDEX deals_\w*price_idx \(.*price_pence[<>]/.test(l));
  const smallSet = st.sql.includes('deals_fts') || st.sql.includes('price_pence IS NULL') || bandRange;
  return pageRead && !smallSet && st.plan.some((l) => l.includes('TEMP B-TREE FOR ORDER BY'));
}

/** Lists that are not GET /deals, with their signed-in state. */
export const OTHER_PLAN_CASES: Array<[string, string]> = [
  ['GET /deals/{id}', '/api/deals/1'],
  ['GET /deals/saved', '/api/deals/saved'],
  ['GET /users/me/saved-deals', '/api/users/me/saved-deals'],
  ['GET /user/deals', '/api/user/deals'],
  ['GET /comments/{dealId}', '/api/comments/1'],
  ['GET /comments/user/me', '/api/comments/user/me'],
  ['GET /categories', '/api/categories'],
  ['GET /categories?store=42', '/api/categories?store=42'],
  ['GET /stores', '/api/stores'],
  ['GET /stores?category=3', '/api/stores?category=3'],
  // Suggestions as you type: the store and category names are scanned (a few hundred rows), the deals are a search.
  ['GET /search/suggest?q=sams', '/api/search/suggest?q=sams'],
];

/** Counting active deals per category or store reads every active deal's index entry (cached, see count-cache.ts). */
export const CATALOG_COUNTS = new Set(['GET /categories', 'GET /categories?store=42', 'GET /stores', 'GET /stores?category=3']);

export interface PlannedStatement {
  sql: string;
  params: unknown[];
  plan: string[];
}

/** The auth hook's lookups by primary key (plugins/auth.ts): the user's row, alone or with the session's. */
const AUTH_LOOKUP = /from "users" where "id" = (\?|\$1)|from "users" as "u" left join "sessions" as "s" on "s"\."id" = (\?|\$1) where "u"\."id" = (\?|\$2)/i;

/** Runs one request and returns each statement it prepared with its plan (SQLite only). */
export async function capturePlans(app: FastifyInstance, db: Db, url: string, token?: string): Promise<{ status: number; statements: PlannedStatement[] }> {
  const sqlite = db.sqlite;
  if (!sqlite) throw new Error('Query plans are captured on SQLite');
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const original = sqlite.prepare.bind(sqlite);
  const patched = ((source: string) => {
    const stmt = original(source);
    if (!/^\s*(select|with)/i.test(source)) return stmt;
    // Wrapped by name: the three readers' own signatures are overloaded, and only their arguments are recorded.
    const readers = stmt as unknown as Record<'all' | 'get' | 'iterate', (...params: unknown[]) => unknown>;
    for (const method of ['all', 'get', 'iterate'] as const) {
      const fn = readers[method].bind(stmt);
      readers[method] = (...params: unknown[]) => {
        seen.push({ sql: source, params: params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params });
        return fn(...params);
      };
    }
    return stmt;
  }) as typeof sqlite.prepare;
  (sqlite as { prepare: typeof sqlite.prepare }).prepare = patched;
  // Kept statements would skip prepare() and so escape the capture.
  db.clearStatementCache?.();
  let status: number;
  try {
    const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    status = res.statusCode;
  } finally {
    (sqlite as { prepare: typeof sqlite.prepare }).prepare = original;
  }
  const statements = seen
    .filter((s) => !AUTH_LOOKUP.test(s.sql))
    .map((s) => ({ ...s, plan: (original(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.params) as Array<{ detail: string }>).map((r) => r.detail) }));
  return { status, statements };
}

/** Tables that grow with the site: reading any of them in full is a defect. Aliases as the queries write them. */
const BIG = new Set(['d', 'deals', 'v', 'votes', 'saved_deals', 'sd', 'comments', 'users', 'u', 'o', 'deal_backups']);

/**
 * Plan lines that read a big table in full: `SCAN d` (table scan) and `SCAN d USING [COVERING] INDEX x` (a whole
 * index). `SEARCH` (a range or a key) is fine, as are scans of subquery results and of categories and stores.
 */
export function fullScans(plan: string[], allowAliases: string[] = []): string[] {
  return plan.filter((line) => {
    const m = /^SCAN (\S+)/.exec(line.trim());
    return !!m && BIG.has(m[1]) && !allowAliases.includes(m[1]);
  });
}

/**
 * PostgreSQL: runs one request and returns each SELECT it sent with its EXPLAIN, planned with sequential scans priced
 * out (a test database is too small for the planner to prefer an index on its own, so a Seq Scan that still shows has
 * no index it could use). Statements are caught on the pool's clients while the request runs.
 */
export async function capturePgPlans(app: FastifyInstance, db: Db, url: string, token?: string): Promise<{ status: number; statements: PlannedStatement[] }> {
  const pool = db.pool;
  if (!pool) throw new Error('PostgreSQL plans need a pool');
  type Client = { query: (text: unknown, params?: unknown[]) => Promise<unknown> };
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const wrapped: Array<[Client, Client['query']]> = [];
  const connect = pool.connect.bind(pool);
  (pool as { connect: unknown }).connect = async () => {
    const client = (await connect()) as unknown as Client;
    const query = client.query;
    wrapped.push([client, query]);
    client.query = (text: unknown, params?: unknown[]) => {
      // Kysely sends (text, values); a named statement (db/statements/prepared.ts) is one { name, text, values } object.
      const config = typeof text === 'object' && text !== null ? (text as { text?: unknown; values?: unknown[] }) : undefined;
      const sqlText = config ? config.text : text;
      if (typeof sqlText === 'string' && /^\s*(select|with)/i.test(sqlText)) seen.push({ sql: sqlText, params: (config ? config.values : params) ?? [] });
      return query.call(client, text, params);
    };
    return client;
  };
  let status: number;
  try {
    const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    status = res.statusCode;
  } finally {
    (pool as { connect: unknown }).connect = connect;
    for (const [client, query] of wrapped) client.query = query;
  }
  const statements: PlannedStatement[] = [];
  for (const s of seen.filter((x) => !AUTH_LOOKUP.test(x.sql))) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query(`EXPLAIN ${s.sql}`, s.params as unknown[]);
      statements.push({ ...s, plan: rows.map((r: Record<string, string>) => r['QUERY PLAN']) });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }
  return { status, statements };
}

/** PostgreSQL plan lines that read a big table in full. */
export function pgFullScans(plan: string[]): string[] {
  return plan.filter((line) => /Seq Scan on (deals|votes|saved_deals|comments|users|deal_backups|price_points)\b/.test(line));
}
