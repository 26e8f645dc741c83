import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/connection.js';
import { SEARCH_TOKENIZER } from '../../../db/migrations/014-search-words.js';
import type { ParsedSearch, SearchForm } from '../../../../shared/domain/search/query.js';
import { type FtsQuery, ftsPrefix } from './search.js';

/**
 * SQLite: a search term (a prefix of words, search.ts) as the whole words it begins, from deal_search_words
 * (migration 014): `"free"*` becomes `("free" OR "freez")`. FTS5 merges every list of a prefix before it returns a
 * row (cost ~ the deals that match), while it reads an OR of words in step (cost ~ the rows read): a common word at a
 * million deals went from 7 ms to 0.02 ms for its page, and as much again for its total. Same matches: the words are
 * FTS5's own, taken from the same tokenizer.
 *
 * The prefix itself is kept when the words cannot stand in for it: more than MAX_WORDS of them ("s"), a term the
 * tokenizer makes more or less than one word of, or a longer word that the tokenizer would change again when it is
 * queried (a query's text is stemmed like a deal's, and a stem is not always its own stem: "agre" becomes "agr").
 */
const MAX_WORDS = 32;

interface Statements {
  clear: Statement;
  write: Statement;
  read: Statement;
  words: Statement;
}

const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (s) return s;
  const sqlite = db.sqlite;
  if (!sqlite) throw new Error('search words are SQLite only');
  // The tokenizer is reached through a scratch index of this connection's own (temp: a read writes nothing shared).
  sqlite.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_query_scratch USING fts5(t, content='', detail=none, ${SEARCH_TOKENIZER})`);
  sqlite.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_query_words USING fts5vocab(temp, search_query_scratch, 'row')`);
  s = {
    clear: sqlite.prepare(`INSERT INTO temp.search_query_scratch(search_query_scratch) VALUES ('delete-all')`),
    write: sqlite.prepare('INSERT INTO temp.search_query_scratch(rowid, t) VALUES (1, ?)'),
    read: sqlite.prepare('SELECT term FROM temp.search_query_words').pluck(),
    words: sqlite.prepare('SELECT word FROM deal_search_words WHERE word >= ? AND word < ? ORDER BY word LIMIT ?').pluck(),
  };
  prepared.set(db, s);
  return s;
}

/** What the tokenizer makes of a text, per text: it never changes, so it is kept (bounded) for every database. */
const tokensOf = new Map<string, string[]>();
const MAX_KEPT = 20_000;

function tokenize(s: Statements, text: string): string[] {
  let tokens = tokensOf.get(text);
  if (!tokens) {
    s.clear.run();
    s.write.run(text);
    tokens = s.read.all() as string[];
    s.clear.run();
    if (tokensOf.size >= MAX_KEPT) tokensOf.clear();
    tokensOf.set(text, tokens);
  }
  return tokens;
}

/** Above every character a word can continue with: the end of a word range in SQLite's byte order. */
const AFTER_ANY_CHARACTER = '\u{10FFFF}';

/** The FTS5 expression of one search term (a word of searchTerms): its whole words, or the prefix query itself. */
export function ftsTerm(db: Db, term: string): string {
  const s = statements(db);
  const [stem, ...more] = tokenize(s, term);
  if (stem === undefined || more.length > 0) return ftsPrefix(term);
  const words = s.words.all(stem, stem + AFTER_ANY_CHARACTER, MAX_WORDS + 1) as string[];
  // No word at all: the prefix matches nothing either, and costs nothing to say so.
  if (words.length === 0 || words.length > MAX_WORDS) return ftsPrefix(term);
  // A word is named by text the tokenizer turns into that very word: the term as typed for its own stem ("coffee" for
  // "coffe", which would be stemmed again to "coff"), the word itself for the others where it stays itself.
  const named = words.map((w) => (w === stem ? term : tokenize(s, w).join(' ') === w ? w : null));
  if (named.includes(null)) return ftsPrefix(term);
  const quoted = named.map((w) => `"${w}"`);
  return quoted.length === 1 ? quoted[0] : `(${quoted.join(' OR ')})`;
}

/** One form of a group: a typed word as its whole words (ftsTerm), anything else as an exact word or phrase. */
function ftsForm(db: Db, form: SearchForm): string {
  if (form.words.length === 1 && form.prefix) return ftsTerm(db, form.words[0]);
  return `"${form.words.join(' ')}"`;
}

/** A parsed search as FTS5 expressions (ftsMatch joins them): each group the OR of its forms. */
export function ftsQuery(db: Db, parsed: ParsedSearch): FtsQuery {
  const any = (forms: SearchForm[]) => {
    const exprs = [...new Set(forms.map((f) => ftsForm(db, f)))];
    return exprs.length === 1 ? exprs[0] : `(${exprs.join(' OR ')})`;
  };
  return { groups: parsed.groups.map((g) => any(g.forms)), excluded: parsed.excluded.map((f) => ftsForm(db, f)) };
}

/** The word the full-text index holds for a typed word (its stem), or null when the tokenizer makes it more or none. */
export function sqliteStem(db: Db, word: string): string | null {
  const tokens = tokenize(statements(db), word);
  return tokens.length === 1 ? tokens[0] : null;
}

/** Whether the index holds a word beginning `stem` (a typed word then finds something by itself). */
export function sqliteKnowsPrefix(db: Db, stem: string): boolean {
  return statements(db).words.all(stem, stem + AFTER_ANY_CHARACTER, 1).length > 0;
}
