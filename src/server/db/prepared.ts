import type { CompiledQuery } from 'kysely';
import type { Db } from './connection.js';

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
/** Distinct texts named (the id-list queries: one text per page size in use); past it, statements go unnamed. */
const MAX_NAMED = 200;

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
