/**
 * Turns what a visitor typed into a full-text query that cannot be a syntax error on either engine:
 * only runs of letters and digits survive, each becomes a quoted prefix term, all terms must match.
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

export function searchTerms(input: string | undefined): string[] {
  if (!input) return [];
  const words =
    input
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/** SQLite FTS5: one term as a prefix query, `"word"*` (search-words.ts names its whole words instead where it can). */
export const ftsPrefix = (term: string): string => `"${term}"*`;

/**
 * SQLite FTS5: every term's expression must match, `"word"* AND ("other" OR "others")` (an explicit AND: FTS5's implicit
 * one joins phrases only); with a column, `title : ( ... )`. The expressions come from search-words.ts ftsTerms (or
 * ftsPrefix).
 */
export function ftsMatch(termExpressions: string[], column?: 'title'): string {
  const body = termExpressions.join(' AND ');
  return column ? `${column} : (${body})` : body;
}

/** Every term matches, but not all of them in the title: the matches after the title matches. */
export const ftsRestMatch = (termExpressions: string[]): string => `(${ftsMatch(termExpressions)}) NOT ${ftsMatch(termExpressions, 'title')}`;

/** PostgreSQL to_tsquery text of one term: a prefix. */
export const tsPrefixTerm = (term: string): string => `${term}:*`;
