import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { Db } from '../connection.js';
import type { Database } from '../schema.js';

/** Where a query runs: the database's connection or a transaction's (`kysely`), and its engine. */
export type Runner = Pick<Db, 'dialect'> & { kysely: Kysely<Database> };

/**
 * A query whose text never depends on its values, built and compiled once per engine and then run with new values.
 * Building a query with Kysely (its immutable nodes, the references parsed, the compile) costs more CPU than a simple
 * statement's own run on either engine: ~0.1 ms for the auth hook's user-and-session read, on every signed-in write
 * (docs/notes/bench.md, "What a write costs"). For the few statements on every request's path.
 *
 * `build` gets the runner (its engine may shape the text) and one sentinel per argument in place of the values, and
 * must pass each only as a value (a parameter), never branch on it; the sentinels' places among the compiled
 * parameters say where each argument goes on every later run. Parameters the builder adds itself (constants) are kept
 * as compiled.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Runner, ...args: A) => Compilable<R>) {
  const byEngine = new Map<string, { sql: string; query: CompiledQuery['query']; slots: Array<{ arg: number } | { value: unknown }> }>();
  return async (db: Runner, ...args: A): Promise<R[]> => {
    let entry = byEngine.get(db.dialect);
    if (!entry) {
      const sentinels = args.map((_, i) => `\u0000compiled-once-argument-${i}\u0000`);
      const compiled = build(db, ...(sentinels as unknown as A)).compile();
      const slots = compiled.parameters.map((p) => {
        const arg = sentinels.indexOf(p as string);
        return arg >= 0 ? { arg } : { value: p };
      });
      const used = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
      if (used.size !== args.length) throw new Error('compiledOnce: every argument must be passed to the query as a value, once or more');
      entry = { sql: compiled.sql, query: compiled.query, slots };
      byEngine.set(db.dialect, entry);
    }
    const parameters = entry.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const query: CompiledQuery<R> = { sql: entry.sql, query: entry.query, queryId: createQueryId(), parameters };
    return (await db.kysely.executeQuery(query)).rows;
  };
}
