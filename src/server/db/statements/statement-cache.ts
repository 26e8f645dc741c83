import type SqliteDatabase from 'better-sqlite3';

/**
 * Kysely's SQLite driver prepares every query afresh: SQLite parses and plans the SQL each time, a sixth of the CPU of
 * a browse request. Queries built by Kysely have a small set of distinct SQL texts (values are bound parameters), so
 * prepared statements are kept by text and reused. SQLite re-plans a kept statement by itself after a schema change.
 * A statement still being iterated (a streamed query) is busy and cannot be reused: such calls get a fresh one.
 */
export interface CachingDatabase {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
  /** Forgets every kept statement (query-plan tests capture statements as they are prepared). */
  clear(): void;
  readonly cachedStatements: number;
}

export function withStatementCache(db: SqliteDatabase.Database, maxStatements = 500): CachingDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept && !kept.busy) {
        // Least recently used goes first when full: move the hit to the end.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const stmt = db.prepare(sql);
      if (!kept) {
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string);
        statements.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      statements.clear();
      db.close();
    },
    clear() {
      statements.clear();
    },
    get cachedStatements() {
      return statements.size;
    },
  };
}
