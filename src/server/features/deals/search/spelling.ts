import { CompiledQuery, sql } from 'kysely';
import { normaliseSearchText, parseSearch, searchWordsOf } from '../../../../shared/domain/search/query.js';
import {
  correctableExclusions,
  correctablePhrases,
  correctableWords,
  correctedSearch,
  firstLettersPrefixes,
  type KnownWord,
  nearWords,
  respell,
  typosAllowed,
} from '../../../../shared/domain/search/typos.js';
import type { Db } from '../../../db/connection.js';
import { liveMatchesAtLeast } from './lexeme-counts.js';
import { ftsPrefix } from './search.js';
import { sqliteKnowsPrefix, sqliteStem } from './search-words.js';

/**
 * Near spellings of a search's unknown words, from the words the full-text index holds (docs/notes/search.md):
 * SQLite's deal_search_words (migration 014: every word either index can hold), each near word's live deals counted
 * in deals_live_fts (capped); PostgreSQL's deal_lexeme_counts (migration 013: live deals per lexeme). Both are read by
 * a range of their primary key: the words beginning with the typed word's first two letters, of a length within the
 * allowance, at most CANDIDATES of them; when none of those is near, the ranges where a typo in the first two letters
 * would put the word (typos.ts firstLettersPrefixes, a few dozen short ranges, the same statement per range).
 */
const CANDIDATES = 2000;
/** SQLite: the nearest words whose live deals are counted, and the count's cap (enough to prefer the common one). */
const COUNTED = 5;
const COUNT_CAP = 100;
const AFTER_ANY = '\u{10FFFF}';

/** Each engine's read of near words: a range of the vocabulary's primary key (the plan is tested, forgiving-search.test.ts). */
export const NEAR_WORDS_SQL = {
  sqlite: 'SELECT word, 0 AS deals FROM deal_search_words WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ? LIMIT ?',
  postgres: `SELECT lexeme AS word, live_deals AS deals FROM deal_lexeme_counts WHERE lexeme >= $1 COLLATE "C" AND lexeme < $2 COLLATE "C"
    AND length(lexeme) BETWEEN $3 AND $4 AND live_deals > 0 LIMIT $5`,
  /** PostgreSQL: several prefixes' ranges in one statement (a typo in the first two letters), a range read each. */
  postgresPrefixes: `SELECT c.lexeme AS word, c.live_deals AS deals FROM unnest(CAST($1 AS text[])) AS p(prefix)
    CROSS JOIN LATERAL (SELECT lexeme, live_deals FROM deal_lexeme_counts WHERE lexeme >= p.prefix COLLATE "C"
      AND lexeme < p.prefix || chr(1114111) COLLATE "C" AND length(lexeme) BETWEEN $2 AND $3 AND live_deals > 0 LIMIT $4) AS c`,
};

interface Vocabulary {
  /** The index's word for a typed word, null when it has none (a stop word, or several words). */
  stem(word: string): Promise<string | null>;
  /**
   * How many live deals the typed word finds by itself (as the prefix it is searched as), counted up to COUNT_CAP; past
   * RARE_REAL it may be a lower bound (all that deciding whether it is rare needs).
   */
  deals(word: string, stem: string): Promise<number>;
  /**
   * The indexed words near `stem` (typed as `word`), nearest first, with their live deals; none without any. With
   * `firstLetters`, those a typo in the first two letters would have hidden.
   */
  near(word: string, stem: string, firstLetters?: boolean): Promise<KnownWord[]>;
  /** A word as some deal writes it whose stem is `stem` ("kettle" for "kettl"), null when none is found. */
  written(stem: string): Promise<string | null>;
}

/** Stems the written-word lookups accept: letters and digits only, as typed words are. */
const PLAIN = /^[\p{L}\p{N}]+$/u;

/** The first word of a deal's text whose stem is `stem`. */
function wordWithStem(text: string, stem: string, stemOf: (word: string) => string | null): string | null {
  return searchWordsOf(normaliseSearchText(text)).find((w) => stemOf(w) === stem) ?? null;
}

/** The range of words a near spelling is looked for in: same first two letters, length within the allowance. */
function range(word: string, stem: string) {
  const allowed = typosAllowed(word);
  const start = [...stem].slice(0, 2).join('');
  const n = [...stem].length;
  return { start, end: start + AFTER_ANY, min: Math.max(1, n - allowed), max: n + allowed };
}

/** Prepared once per connection (its statements and the temporary fts5vocab table belong to it), not per search. */
const sqliteVocabularies = new WeakMap<Db, Vocabulary>();

function sqliteVocabulary(db: Db): Vocabulary {
  let vocabulary = sqliteVocabularies.get(db);
  if (!vocabulary) {
    vocabulary = newSqliteVocabulary(db);
    sqliteVocabularies.set(db, vocabulary);
  }
  return vocabulary;
}

function newSqliteVocabulary(db: Db): Vocabulary {
  const sqlite = db.sqlite;
  if (!sqlite) throw new Error('SQLite vocabulary on another engine');
  const words = sqlite.prepare(NEAR_WORDS_SQL.sqlite);
  const live = sqlite.prepare('SELECT COUNT(*) FROM (SELECT 1 FROM deals_live_fts WHERE deals_live_fts MATCH ? LIMIT ?)').pluck();
  // Where a word stands in the text of deals (fts5vocab 'instance' rows, read by term), and that deal's text.
  sqlite.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.deals_fts_instances USING fts5vocab(main, deals_fts, 'instance')`);
  const text = sqlite
    .prepare(`SELECT title || ' ' || COALESCE(description, '') FROM deals WHERE id = (SELECT doc FROM temp.deals_fts_instances WHERE term = ? LIMIT 1)`)
    .pluck();
  return {
    stem: async (word) => sqliteStem(db, word),
    deals: async (word, stem) => {
      if (!sqliteKnowsPrefix(db, stem) && !sqliteKnowsPrefix(db, word)) return 0;
      // The word itself first: a prefix read merges every word it begins (at a million deals, milliseconds for a
      // common beginning), and a word found this often by itself is no typo whatever else it begins.
      const exact = Number(live.get(`"${word}"`, COUNT_CAP));
      return exact >= RARE_REAL ? exact : Number(live.get(ftsPrefix(word), COUNT_CAP));
    },
    async near(word, stem, firstLetters = false) {
      const r = range(word, stem);
      const known = firstLetters
        ? firstLettersPrefixes(stem).flatMap((p) => words.all(p, p + AFTER_ANY, r.min, r.max, CANDIDATES) as KnownWord[])
        : (words.all(r.start, r.end, r.min, r.max, CANDIDATES) as KnownWord[]);
      // Counted as the word the page would search: a stem is not always its own stem ("televis" -> "televi").
      const counted = nearWords(word, stem, known)
        .slice(0, COUNTED)
        .map((w) => ({ word: w.word, deals: Number(live.get(`"${respell(word, stem, w.word)}"`, COUNT_CAP)) }));
      return nearWords(word, stem, counted).filter((w) => w.deals > 0);
    },
    async written(stem) {
      const found = text.get(stem) as string | undefined;
      return found === undefined ? null : wordWithStem(found, stem, (w) => sqliteStem(db, w));
    },
  };
}

function postgresVocabulary(db: Db): Vocabulary {
  return {
    async stem(word) {
      const { rows } = await sql<{ l: string[] }>`SELECT tsvector_to_array(to_tsvector('english', CAST(${word} AS text))) AS l`.execute(db.kysely);
      const lexemes = rows[0]?.l ?? [];
      return lexemes.length === 1 ? lexemes[0] : null;
    },
    // A lower bound (the commonest lexeme it begins), which is all the comparison with a near word needs.
    deals: (word) => liveMatchesAtLeast(db, word, 0),
    async near(word, stem, firstLetters = false) {
      const r = range(word, stem);
      const { rows } = await db.kysely.executeQuery<KnownWord>(
        firstLetters
          ? CompiledQuery.raw(NEAR_WORDS_SQL.postgresPrefixes, [firstLettersPrefixes(stem), r.min, r.max, CANDIDATES])
          : CompiledQuery.raw(NEAR_WORDS_SQL.postgres, [r.start, r.end, r.min, r.max, CANDIDATES]),
      );
      return nearWords(
        word,
        stem,
        rows.map((x) => ({ word: x.word, deals: Number(x.deals) })),
      );
    },
    async written(stem) {
      if (!PLAIN.test(stem)) return null;
      const { rows } = await sql<{ t: string }>`SELECT title || ' ' || COALESCE(description, '') AS t FROM deals
        WHERE search_vector @@ to_tsquery('simple', ${stem}) AND status = 'active' LIMIT 1`.execute(db.kysely);
      const found = rows[0]?.t;
      if (found === undefined) return null;
      const words = searchWordsOf(normaliseSearchText(found));
      const { rows: hit } = await sql<{ w: string }>`SELECT w FROM unnest(CAST(${words} AS text[])) WITH ORDINALITY AS x(w, i)
        WHERE to_tsvector('english', w) @@ to_tsquery('simple', ${stem}) ORDER BY i LIMIT 1`.execute(db.kysely);
      return hit[0]?.w ?? null;
    },
  };
}

/** A word finding fewer live deals than this by itself may be misspelt (a typo can be in a deal's title too). */
const RARE = 3;
/**
 * A real word finding fewer live deals than this may still be a typo of a near word COMMONER times as common ("sonny"
 * for "sony"): its deals are listed first, then the near word's (list-service.ts asks when a search finds fewer).
 */
export const RARE_REAL = 20;
const COMMONER = 10;

/**
 * Which words a correction looks at: every word, phrase and exclusion ('all', a search finding few deals), or only
 * the excluded words ('excluded', a search finding many: a misspelt exclusion excludes nothing, so the search never
 * finds fewer for it).
 */
export type SpellingScope = 'all' | 'excluded';

/**
 * The search with each misspelt word replaced by its nearest spelling, as typed text ("samsnug tv" -> "samsung tv",
 * "dyson -refurbsihed" -> "dyson -refurbished"); null when no word needs or has one. A word is misspelt when it finds
 * fewer than RARE live deals and a near word more, or (a searched word, not an exclusion) fewer than RARE_REAL and a
 * near word COMMONER times as many. `found`: the deals the search finds as typed.
 */
export async function nearSpelling(db: Db, search: string, scope: SpellingScope = 'all', found = 0): Promise<string | null> {
  const parsed = parseSearch(search);
  // A word with synonyms finds its synonyms' deals too ("sneakers" finds trainers): it is looked at only when the whole
  // search finds nothing; a word found by itself alone may also be a rare real word.
  const alone = new Set(parsed.groups.filter((g) => g.forms.length === 1).map((g) => g.typed));
  const words = scope === 'all' ? correctableWords(parsed).filter((w) => found === 0 || alone.has(w)) : [];
  const phrases = scope === 'all' ? correctablePhrases(parsed) : [];
  const excluded = correctableExclusions(parsed);
  // Nothing to correct (numbers, short words): no statement prepared.
  if (words.length === 0 && phrases.length === 0 && excluded.length === 0) return null;
  const vocabulary = db.dialect === 'sqlite' ? sqliteVocabulary(db) : postgresVocabulary(db);
  /** The word's near spelling, null when it is not misspelt (found often enough) or has none that more deals hold. */
  const corrected = async (word: string, rareReal: boolean): Promise<string | null> => {
    const stem = await vocabulary.stem(word);
    if (stem === null) return null;
    const own = await vocabulary.deals(word, stem);
    if (own >= (rareReal ? RARE_REAL : RARE)) return null;
    // A typo in the first two letters is looked for only when the word has no near spelling that keeps them.
    const near = await vocabulary.near(word, stem);
    const [best] = near.length > 0 ? near : await vocabulary.near(word, stem, true);
    if (!best || !(own < RARE ? best.deals > own : best.deals >= COMMONER * own)) return null;
    return (await vocabulary.written(best.word)) ?? respell(word, stem, best.word);
  };
  const replacements = new Map<string, string>();
  for (const word of words) {
    const better = await corrected(word, alone.has(word));
    if (better) replacements.set(word, better);
  }
  for (const word of excluded) {
    const better = await corrected(word, false);
    if (better) replacements.set(`-${word}`, better);
  }
  // A quoted phrase keeps its quotes and its other words: '"samsnug tv"' -> '"samsung tv"'.
  for (const phrase of phrases) {
    const fixed = [];
    for (const w of phrase.words) fixed.push(typosAllowed(w) > 0 ? ((await corrected(w, false)) ?? w) : w);
    if (fixed.some((w, i) => w !== phrase.words[i])) replacements.set(phrase.typed, `"${fixed.join(' ')}"`);
  }
  return replacements.size > 0 ? correctedSearch(parsed, replacements) : null;
}
