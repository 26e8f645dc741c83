import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/**
 * PostgreSQL: a lower bound of the live deals that one search term matches, read from deal_lexeme_counts (migration
 * 013) instead of visiting each match's row. The term's prefix query (browse-filters.ts tsQuerySql) matches every
 * lexeme that starts with its English stem or with the word as typed, so it matches at least the deals of the most
 * common of those lexemes; the counts include lapsed deals (active, past their expiry, not swept yet), which are taken
 * off. A term the English parser splits into several lexemes gets no bound (0): its query needs all of them.
 */
export async function liveMatchesAtLeast(db: Db, term: string, lapsed: number): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`
    WITH stems AS (SELECT tsvector_to_array(to_tsvector('english', CAST(${term} AS text))) AS lexemes),
    prefixes AS (SELECT unnest(lexemes) COLLATE "C" AS prefix FROM stems UNION SELECT CAST(${term} AS text) COLLATE "C")
    SELECT MAX(c.live_deals) AS n FROM prefixes AS p
    JOIN deal_lexeme_counts AS c ON c.lexeme >= p.prefix AND c.lexeme < p.prefix || chr(1114111)
    WHERE (SELECT COALESCE(array_length(lexemes, 1), 0) FROM stems) <= 1`.execute(db.kysely);
  return Math.max(0, Number(rows[0]?.n ?? 0) - lapsed);
}
