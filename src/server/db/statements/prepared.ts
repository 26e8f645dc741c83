import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Db } from '../connection.js';

/**
 * PostgreSQL parses and plans every statement Kysely sends (an unnamed statement each time). For the queries every list
 * page runs whatever its filters, a page of deals by id (the joined rows, the lowest-price flags, a member's votes and
 * saves), planning cost more than running: 1.2 of 2.1 ms for the 24 joined rows (measured at 10k deals, docs/notes/bench.md). Their
 * plan does not depend on the values (a primary-key lookup of a list of ids), so they are sent as named prepared
 * statements: each connection parses them once, and after PostgreSQL's five custom plans it keeps the generic one.
 * Queries whose best plan depends on the values (a search's walk or fetch, a price band) stay unnamed and are planned
 * for their values every time. SQLite keeps every statement prepared by text already (statement-cache.ts).
 */
const names = new Map<string, string>();
/**
 * Distinct texts named (the id-list queries, one text per page size in use, and the keyed statements below); past it,
 * statements go unnamed. Each connection keeps a parsed statement and its plan per name it ran.
 */
const MAX_NAMED = 500;

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `quidsin_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** Runs a compiled query whose plan does not depend on its values; its rows as Kysely would return them. */
export async function executePlanStable<R>(db: Db, query: CompiledQuery<R>): Promise<R[]> {
  if (db.dialect !== 'postgres' || !db.pool || db.kysely.isTransaction) return (await db.kysely.executeQuery(query)).rows;
  // A client of the pool, as Kysely takes one (the query-plan tests watch the statements sent on them).
  const client = await db.pool.connect();
  try {
    const { rows } = await client.query({ name: nameOf(query.sql), text: query.sql, values: [...query.parameters] });
    return rows as R[];
  } finally {
    client.release();
  }
}

/** Kysely's text of a read by primary key: named columns, one table, others joined by their primary key, maybe locked. */
const BY_PRIMARY_KEY =
  /^select\s[^()]+\sfrom\s"\w+"(\s+as\s+"\w+")?(\s+left\s+join\s+"\w+"\s+as\s+"\w+"\s+on\s+"\w+"\."id"\s*=\s*\$\d+)*\s+where\s+("\w+"\.)?"id"\s*=\s*\$\d+(\s+for\s+update)?$/i;

/** Longer texts are a bulk statement (many rows' values) or a report, run too seldom for a kept plan to pay. */
const KEYED_MAX_LENGTH = 2_000;

/**
 * Whether a statement is kept as a named prepared statement (keepKeyedStatements): an INSERT, UPDATE or DELETE, or a
 * read of one row by primary key (`... from "t" where "id" = $1`, locked or not, with rows of other tables joined by
 * their primary key: the auth hook's user and session). A write's own statements are nearly all of this kind, and
 * parsing and planning them cost PostgreSQL more than running them: ~100-150 us of its CPU for a read of one deal by id,
 * against ~40 us as a prepared statement (docs/notes/bench.md, "What a write costs"). A key's lookup has one plan whatever the
 * value; a write by a range (a job's prune) gets PostgreSQL's five custom plans first and keeps the generic one only
 * where it is estimated no dearer. Texts with `*` are left out: a column added by a migration while a process runs
 * would change a kept statement's result ("cached plan must not change result type"); a named column list cannot.
 */
export function isKeyedStatement(text: string): boolean {
  if (text.length > KEYED_MAX_LENGTH || text.includes('*')) return false;
  const t = text.trim();
  if (/^(insert|update|delete)\s/i.test(t)) return true;
  if ((t.match(/\bselect\b/gi) ?? []).length !== 1) return false;
  return BY_PRIMARY_KEY.test(t);
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Sends each keyed statement (isKeyedStatement) of the pool's connections as a named prepared statement: each
 * connection parses and plans it once, and after PostgreSQL's five custom plans keeps the generic one. Kysely sends
 * every statement as (text, values); other forms (a cursor, a config object, a callback) pass through as they are.
 */
export function keepKeyedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query as unknown as Query;
    (client as unknown as { query: Query }).query = function (this: pg.PoolClient, text, values, callback) {
      if (typeof text === 'string' && Array.isArray(values) && callback === undefined && isKeyedStatement(text)) {
        const name = nameOf(text);
        if (name !== undefined) return query.call(this, { name, text, values });
      }
      return query.call(this, text, values, callback);
    };
  });
}
