import { type CompiledQuery, sql } from 'kysely';
import type { Harness } from '../harness.js';

/**
 * The plan of a compiled query on the harness's engine, as text: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's
 * EXPLAIN with sequential scans priced out (a test database is too small for the planner to prefer an index, and a plan
 * without a usable index still shows a scan then).
 */
export async function explain(h: Pick<Harness, 'dialect' | 'db'>, q: CompiledQuery): Promise<string> {
  if (h.dialect === 'sqlite') {
    const rows = h.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>;
    return rows.map((r) => r.detail).join('\n');
  }
  return h.db.kysely.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `EXPLAIN ${q.sql}` } as CompiledQuery<{ 'QUERY PLAN': string }>);
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
