import { type ParsedSearch, searchText } from './query.js';

/**
 * Near spellings (Meilisearch's defaults): how many typos a word may hold and still find what it meant. None for
 * words under 5 letters or with a digit (model numbers, sizes, prices), one for 5 to 8 letters, two from 9.
 */
export function typosAllowed(word: string): number {
  if (!/^\p{L}+$/u.test(word)) return 0;
  const n = [...word].length;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * Edits from one word to another: insertions, deletions, substitutions and swaps of neighbours ("samsnug" ->
 * "samsung" is one), each counting 1 (optimal string alignment). Stops early once past `max` and answers max + 1.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[t.length];
}

/** A word the index knows, with how many live deals hold it (0 when the engine does not say). */
export interface KnownWord {
  word: string;
  deals: number;
}

/** The known words within the allowance of `typed` (compared as the index holds words: `typedStem` against stems). */
export function nearWords(typed: string, typedStem: string, known: KnownWord[]): KnownWord[] {
  const allowed = typosAllowed(typed);
  if (allowed === 0) return [];
  const near = known.map((w) => ({ w, d: w.word === typedStem ? allowed + 1 : editDistance(typedStem, w.word, allowed) })).filter((x) => x.d <= allowed);
  return near.sort((a, b) => a.d - b.d || b.w.deals - a.w.deals || (a.w.word < b.w.word ? -1 : 1)).map((x) => x.w);
}

/** The nearest known word (fewest edits, then the most deals, then alphabetical), null when none is near enough. */
export const nearestWord = (typed: string, typedStem: string, known: KnownWord[]): KnownWord | null => nearWords(typed, typedStem, known)[0] ?? null;

/**
 * A known stem written back as a word to show and search: the typed word's ending after its own stem is kept
 * ("televsion", stem "televs" -> "televis" + "ion"), as stemmers mostly cut endings off. The page searches the word
 * written back, which the engine stems to the known stem again.
 */
export function respell(typed: string, typedStem: string, knownStem: string): string {
  if (typed.startsWith(typedStem)) return knownStem + typed.slice(typedStem.length);
  // English stemmers write a final y as i ("sonny" -> "sonni", "sony" -> "soni"): written back as y.
  if (typed.endsWith('y') && knownStem.endsWith('i')) return `${knownStem.slice(0, -1)}y`;
  return knownStem;
}

/**
 * The search with some typed words replaced (its groups as typed, its exclusions), as the page shows it back; an
 * excluded word is replaced under its key `-word`.
 */
export function correctedSearch(parsed: ParsedSearch, replacements: Map<string, string>): string {
  return searchText({
    groups: parsed.groups.map((g) => ({ ...g, typed: replacements.get(g.typed) ?? g.typed })),
    excluded: parsed.excluded.map((f) => {
      const better = f.words.length === 1 ? replacements.get(`-${f.words[0]}`) : undefined;
      return better ? { ...f, words: [better] } : f;
    }),
  });
}

/** The excluded words of a search that may be misspelt: single words of letters, long enough to allow a typo. */
export function correctableExclusions(parsed: ParsedSearch): string[] {
  return parsed.excluded.filter((f) => f.words.length === 1 && typosAllowed(f.words[0]) > 0).map((f) => f.words[0]);
}

/** Letters and digits a first letter may be mistyped for (and the typed word's own letters, for other alphabets). */
const KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Where the vocabulary holds a word whose first two letters the typed stem got wrong (one edit there): the words
 * beginning with its first letter (the second letter wrong, missing or extra), with its second and third (the first
 * extra), with any letter then its second (the first wrong) and with any letter then its first (the first missing, or
 * the two swapped). Prefixes of a primary-key range each; the stem's own first two letters are read already.
 */
export function firstLettersPrefixes(stem: string): string[] {
  const [c1, c2, c3] = [...stem];
  if (c1 === undefined || c2 === undefined) return [];
  const keys = new Set([...KEYS, ...stem]);
  const out = new Set<string>([c1, ...(c3 === undefined ? [] : [c2 + c3]), ...[...keys].flatMap((k) => [k + c2, k + c1])]);
  out.delete(c1 + c2);
  return [...out];
}

/** The words of a search that may be misspelt: single typed words of letters, long enough to allow a typo. */
export function correctableWords(parsed: ParsedSearch): string[] {
  return parsed.groups.filter((g) => g.forms[0].prefix && g.typed === g.forms[0].words[0] && typosAllowed(g.typed) > 0).map((g) => g.typed);
}

/** The quoted phrases of a search (as typed, with their words): a misspelt word inside one is corrected too. */
export function correctablePhrases(parsed: ParsedSearch): Array<{ typed: string; words: string[] }> {
  return parsed.groups
    .filter((g) => g.typed.startsWith('"') && g.forms[0].words.some((w) => typosAllowed(w) > 0))
    .map((g) => ({ typed: g.typed, words: g.forms[0].words }));
}
