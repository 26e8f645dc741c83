/**
 * Turns what a visitor typed into a full-text query that cannot be a syntax error on either engine:
 * only runs of letters and digits survive, each becomes a quoted prefix term, all terms must match.
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

export function searchTerms(input: string | undefined): string[] {
  if (!input) return [];
  const words = input.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/** SQLite FTS5: `"word"* "other"*` (implicit AND); with a column, `title : ( ... )`. */
export function ftsMatch(terms: string[], column?: 'title'): string {
  const body = terms.map((t) => `"${t}"*`).join(' ');
  return column ? `${column} : (${body})` : body;
}

/** Every term matches, but not all of them in the title: the matches after the title matches. */
export const ftsRestMatch = (terms: string[]): string => `${ftsMatch(terms)} NOT ${ftsMatch(terms, 'title')}`;

/** PostgreSQL to_tsquery text of one term: a prefix. */
export const tsPrefixTerm = (term: string): string => `${term}:*`;
