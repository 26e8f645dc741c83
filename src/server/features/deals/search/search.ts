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
 * SQLite FTS5 query of a parsed search (shared/domain/search/query.ts), as expressions: each group an OR of its forms,
 * each exclusion a form (search-words.ts ftsQuery builds it).
 */
export interface FtsQuery {
  groups: string[];
  excluded: string[];
}

/**
 * SQLite FTS5: every group must match, `"word"* AND ("tv" OR "television")` (an explicit AND: FTS5's implicit one
 * joins phrases only); with a column, `title : ( ... )`; then `NOT (...)` of the exclusions, in any column.
 */
export function ftsMatch(q: FtsQuery, column?: 'title'): string {
  const body = q.groups.join(' AND ');
  const positive = column ? `${column} : (${body})` : body;
  return q.excluded.length > 0 ? `(${positive}) NOT (${q.excluded.join(' OR ')})` : positive;
}

/** Every group matches, but not all of them in the title: the matches after the title matches. */
export const ftsRestMatch = (q: FtsQuery): string => `(${ftsMatch(q)}) NOT (${ftsMatch({ groups: q.groups, excluded: [] }, 'title')})`;

/** PostgreSQL to_tsquery text of one term: a prefix. */
export const tsPrefixTerm = (term: string): string => `${term}:*`;
