import { CompiledQuery, sql } from 'kysely';
import type { ParsedSearch, SearchForm } from '../../../../shared/domain/search/query.js';
import { cached } from '../../../db/reads/count-cache.js';
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

const AFTER_ANY = '\u{10FFFF}';

/** The statements of liveMatchesAtMost: the English lexemes of some texts, and sums of the counts by primary key. */
export const LEXEMES_SQL = `SELECT t, tsvector_to_array(to_tsvector('english', t)) AS l FROM unnest(CAST($1 AS text[])) AS t`;
const rangeSql = (a: number) => `(lexeme >= $${a} COLLATE "C" AND lexeme < $${a + 1} COLLATE "C")`;

/**
 * PostgreSQL: an upper bound of the live deals (active, lapsed ones included) a parsed search can match, from
 * deal_lexeme_counts alone, or null when it cannot say (a word the English parser splits). A typed word (a prefix)
 * matches no more deals than hold any lexeme beginning with its stem or with the word itself (the sum of their counts);
 * a phrase or whole word no more than its rarest lexeme; a group no more than the sum of its forms; the search no more
 * than its rarest group (exclusions and filters only take deals away). A word nobody wrote bounds it at 0: the list of
 * a typo is then fetched through the full-text index, never walked in the sort's order looking for matches that do not
 * exist (list-query.ts searchListing). Kept like the counts (dropped on any deal write).
 */
export function liveMatchesAtMost(db: Db, parsed: ParsedSearch): Promise<number | null> {
  if (db.dialect !== 'postgres' || parsed.groups.length === 0) return Promise.resolve(null);
  const key = JSON.stringify(parsed.groups.map((g) => g.forms));
  return cached(db, `lexeme-bound:${key}`, false, async () => {
    const forms = parsed.groups.flatMap((g) => g.forms);
    const texts = [...new Set(forms.map((f) => f.words.join(' ')))];
    const { rows } = await db.kysely.executeQuery<{ t: string; l: string[] }>(CompiledQuery.raw(LEXEMES_SQL, [texts]));
    const lexemes = new Map(rows.map((r) => [r.t, r.l]));
    const params: string[] = [];
    const param = (v: string) => params.push(v);
    /** A form's bound as SQL, null when there is none. */
    const formSql = (f: SearchForm): string | null => {
      const text = f.words.join(' ');
      const own = lexemes.get(text) ?? [];
      if (f.prefix) {
        if (own.length > 1) return null;
        const prefixes = [...new Set([text, ...own])];
        const ranges = prefixes.map((p) => {
          param(p);
          param(p + AFTER_ANY);
          return rangeSql(params.length - 1);
        });
        return `(SELECT COALESCE(SUM(live_deals), 0) FROM deal_lexeme_counts WHERE ${ranges.join(' OR ')})`;
      }
      // Only stop words: the phrase query is empty (it matches nothing, but no bound is claimed for it).
      if (own.length === 0) return null;
      const each = own.map((l) => {
        param(l);
        return `COALESCE((SELECT live_deals FROM deal_lexeme_counts WHERE lexeme = $${params.length} COLLATE "C"), 0)`;
      });
      return each.length === 1 ? each[0] : `LEAST(${each.join(', ')})`;
    };
    const groups: string[] = [];
    for (const g of parsed.groups) {
      const each = g.forms.map(formSql);
      // A group without a bound leaves the search bounded by its other groups.
      if (each.every((s): s is string => s !== null)) groups.push(`(${each.join(' + ')})`);
    }
    if (groups.length === 0) return null;
    const { rows: bound } = await db.kysely.executeQuery<{ n: number }>(
      CompiledQuery.raw(`SELECT ${groups.length === 1 ? groups[0] : `LEAST(${groups.join(', ')})`} AS n`, params),
    );
    return Number(bound[0]?.n ?? 0);
  });
}
