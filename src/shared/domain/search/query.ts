import { singular } from './plurals.js';
import { SYNONYM_CLASSES } from './synonyms.js';

/**
 * What a visitor typed into the search box, understood: the groups every match must satisfy (each an OR of
 * equivalent forms: the words as typed, their synonyms, joined and split spellings, model names) and the forms no
 * match may hold (`-word`, `-"a phrase"`). Pure: the server turns it into each engine's full-text query
 * (features/deals/search), the page may show it. Anything typed parses (possibly to nothing); words are only runs of
 * letters and digits, so no operator of either engine survives. docs/notes/search.md.
 */
export interface SearchForm {
  /** Adjacent words (a phrase when more than one). */
  words: string[];
  /**
   * One word that may begin a longer word ("fry" finds "fryer"), as every typed word does; phrases, numbers and model
   * names from the rules below match whole (stemmed: "television" finds "televisions").
   */
  prefix: boolean;
}

export interface SearchGroup {
  /** The words as typed, for messages and for spelling corrections. */
  typed: string;
  /** Any of these matches the group; the first is the typed form. */
  forms: SearchForm[];
}

export interface ParsedSearch {
  groups: SearchGroup[];
  excluded: SearchForm[];
}

const MAX_GROUPS = 8;
const MAX_EXCLUDED = 4;
const MAX_WORD_LENGTH = 40;
/** The longest synonym or joined form, in words. */
const MAX_PHRASE_WORDS = 3;

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case, compatibility forms folded, curly quotes made straight: the text every rule below reads. */
export function normaliseSearchText(input: string): string {
  // A screen size however written ("55 inch", "55-inches", "55 in", "55''", '55"') is one word: 55in.
  let text = input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(?<![\p{L}\p{N}])(\p{N}+)\s*(?:''|-?\s*inch(?:es)?\b|-?\s*in\b)/gu, '$1in ');
  // A quote after a number is a size only when it closes no phrase: the quotes are odd in number ('samsung 55" tv',
  // not '"samsung 55"').
  if ((text.match(/"/g) ?? []).length % 2 === 1) text = text.replace(/(?<![\p{L}\p{N}])(\p{N}+)"/u, '$1in ');
  return text;
}

/** The words of a piece of text, as the search sees them. */
export function searchWordsOf(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

const formKey = (words: string[]) => words.join(' ');

/** Every form of the synonym list, and each form joined up ("air fryer" -> "airfryer"), to its class. */
const CLASS_OF = new Map<string, readonly string[]>();
for (const forms of SYNONYM_CLASSES) {
  for (const form of forms) {
    CLASS_OF.set(form, forms);
    CLASS_OF.set(form.replace(/ /g, ''), forms);
  }
}

const form = (text: string, prefix = true): SearchForm => {
  const words = text.split(' ');
  return { words, prefix: prefix && words.length === 1 && !/\p{N}/u.test(words[0]) };
};

/**
 * A word of letters then digits is a model name ("playstation5", "ps5", "iphone15"): also its split spelling. A number
 * then letters ("4k", "128gb", "55in") stays one word, as stores write it.
 */
function modelSplit(word: string): string | null {
  const m = /^(\p{L}{2,})(\p{N}+)$/u.exec(word);
  return m ? `${m[1]} ${m[2]}` : null;
}

/** The forms of a screen size, "55in": as written in titles ('55"' leaves just the number to the index). */
function screenForms(word: string): SearchForm[] | null {
  const m = /^(\p{N}+)in(?:ch)?$/u.exec(word);
  if (!m) return null;
  return [form(`${m[1]}in`), form(`${m[1]}inch`), form(`${m[1]} inch`), form(m[1], false)];
}

/** The forms equivalent to a run of typed words (its own first), or null when it is nothing special. */
function formsOf(words: string[]): SearchForm[] | null {
  const key = formKey(words);
  const joined = words.join('');
  const split = words.length === 1 ? modelSplit(key) : null;
  const cls = CLASS_OF.get(key) ?? CLASS_OF.get(joined) ?? (split ? CLASS_OF.get(split) : undefined);
  const texts = new Set<string>([key]);
  // A model name of the list is also found joined: "playstation 5" as "playstation5".
  for (const f of cls ?? []) texts.add(f).add(modelSplit(f.replace(/ /g, '')) === f ? f.replace(/ /g, '') : f);
  if (split) texts.add(split);
  if (texts.size === 1 && !cls) return null;
  // Model names and phrases from the list match whole; the typed form keeps its prefix like any typed word.
  return [...texts].map((t, i) => (i === 0 && words.length === 1 ? { words, prefix: true } : form(t, false)));
}

/** Groups of typed words: the longest run that names something (a synonym phrase, a model name) is one group. */
function groupsOf(words: string[]): SearchGroup[] {
  const groups: SearchGroup[] = [];
  let i = 0;
  while (i < words.length) {
    let taken = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1 && taken === 0; n--) {
      const run = words.slice(i, i + n);
      const forms = n === 1 ? (screenForms(run[0]) ?? formsOf(run)) : formsOf(run);
      if (forms && (n > 1 ? forms.length > 1 : true)) {
        groups.push({ typed: formKey(run), forms });
        taken = n;
      }
    }
    if (taken === 0) {
      groups.push({ typed: words[i], forms: [{ words: [words[i]], prefix: true }] });
      taken = 1;
    }
    i += taken;
  }
  return groups;
}

/**
 * Parse a search: "quoted phrases" match their words adjacent and as typed (no synonyms); `-word` and `-"phrase"`
 * exclude; an unbalanced quote is ignored; repeated groups count once.
 */
export function parseSearch(input: string | undefined): ParsedSearch {
  if (!input) return { groups: [], excluded: [] };
  let text = normaliseSearchText(input);
  // An unbalanced quote (the last one) is dropped: what follows it is searched as loose words.
  if ((text.match(/"/g) ?? []).length % 2 === 1) {
    const last = text.lastIndexOf('"');
    text = `${text.slice(0, last)} ${text.slice(last + 1)}`;
  }
  const groups: SearchGroup[] = [];
  const excluded: SearchForm[] = [];
  let loose: string[] = [];
  const flush = () => {
    groups.push(...groupsOf(loose));
    loose = [];
  };
  // A quoted phrase, or a run of anything but space and quote; a minus at the start of either excludes it.
  const PIECE = /(?:(?<=^|\s)(-))?"([^"]*)"|(?:(?<=^|\s)(-))?([^\s"]+)/g;
  for (const m of text.matchAll(PIECE)) {
    const quoted = m[2] !== undefined;
    const minus = (quoted ? m[1] : m[3]) === '-';
    const words = searchWordsOf(quoted ? m[2] : (m[4] ?? ''));
    if (words.length === 0) continue;
    if (minus) {
      excluded.push(quoted ? { words, prefix: false } : form(words.join(' ')));
    } else if (quoted) {
      flush();
      groups.push({ typed: `"${formKey(words)}"`, forms: [{ words, prefix: false }] });
    } else loose.push(...words);
  }
  flush();
  const seen = new Set<string>();
  const unique = groups.filter((g) => !seen.has(g.typed) && seen.add(g.typed));
  return { groups: unique.slice(0, MAX_GROUPS), excluded: excluded.slice(0, MAX_EXCLUDED) };
}

/** The search as the page shows it back: its groups as typed, then its exclusions. */
export function searchText(parsed: ParsedSearch): string {
  const ex = parsed.excluded.map((f) => (f.words.length > 1 ? `-"${formKey(f.words)}"` : `-${f.words[0]}`));
  return [...parsed.groups.map((g) => g.typed), ...ex].join(' ');
}

/** A text's words as matching without the index reads them: as written, and each in the singular. */
export interface MatchText {
  words: string[];
  singulars: string[];
}

/** The words of a text (a deal's title, description, store, category) for wordsMatch. */
export function matchTextOf(...texts: Array<string | null | undefined>): MatchText {
  // An empty word between two texts, which no form's word is or begins: a phrase never runs from one into the next.
  const words = texts.flatMap((t, i) => [...(i > 0 ? [''] : []), ...(t ? searchWordsOf(normaliseSearchText(t)) : [])]);
  return { words, singulars: words.map(singular) };
}

/** A typed word (a prefix) begins the text's word, either side in the singular ("fryers" finds "Fryer"). */
const begins = (text: MatchText, i: number, w: string, ws: string) =>
  text.words[i].startsWith(w) || text.words[i].startsWith(ws) || text.singulars[i].startsWith(w) || text.singulars[i].startsWith(ws);
/** Any other form's word is the text's word, either side in the singular ("television" finds "Televisions"). */
const same = (text: MatchText, i: number, w: string, ws: string) => text.words[i] === w || text.singulars[i] === ws;

/** Whether a form's words stand in a row somewhere in the text. */
function holds(text: MatchText, f: SearchForm): boolean {
  const ws = f.words.map(singular);
  const n = f.words.length;
  for (let i = 0; i + n <= text.words.length; i++) {
    if (f.words.every((w, j) => (f.prefix ? begins(text, i + j, w, ws[j]) : same(text, i + j, w, ws[j])))) return true;
  }
  return false;
}

/**
 * Whether a text holds every group of a parsed search (any of its forms) and none of its exclusions, without the
 * full-text index: the suggestions' match of deal titles and the alerts' match of new deals (one rule for both). A typed
 * word is a prefix of a word, other forms (synonyms, model names, sizes, quoted phrases) whole words in a row; plurals
 * are folded on both sides, as the engines' stemmers would. No other stemming.
 */
export function wordsMatch(parsed: ParsedSearch, text: MatchText): boolean {
  return parsed.groups.length > 0 && parsed.groups.every((g) => g.forms.some((f) => holds(text, f))) && !parsed.excluded.some((f) => holds(text, f));
}

/** Every synonym class by its forms and joined forms, each in the singular: what a text's run of words stands for. */
const CLASS_OF_SINGULAR = new Map<string, readonly string[]>();
for (const forms of SYNONYM_CLASSES) {
  for (const f of forms) {
    const words = f.split(' ').map(singular);
    CLASS_OF_SINGULAR.set(words.join(' '), forms);
    CLASS_OF_SINGULAR.set(singular(f.replace(/ /g, '')), forms);
  }
}

/**
 * The words a text also stands for under the search's rules, beyond its own: for each run of its words that is a form
 * of a synonym class, every word of every form of the class (and each form joined); a word of letters followed by a
 * number, joined ("iphone 15" -> "iphone15"); a number, as a screen size ("55" -> "55in"). A search group typed as
 * any of these is held by the text only if the text holds one of its forms, so the typed words of every group the text
 * can match are among its words and these (alerts' index keys: matching/terms.ts).
 */
export function equivalentWords(text: MatchText): string[] {
  const out = new Set<string>();
  const { words, singulars } = text;
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) {
      const cls = CLASS_OF_SINGULAR.get(singulars.slice(i, i + n).join(' '));
      if (cls) for (const f of cls) for (const w of [...f.split(' '), f.replace(/ /g, '')]) out.add(w);
    }
    const w = words[i];
    const next = words[i + 1];
    if (next !== undefined && /^\p{L}{2,}$/u.test(w) && /^\p{N}+$/u.test(next)) out.add(w + next).add(singulars[i] + next);
    if (/^\p{N}+$/u.test(w)) out.add(`${w}in`);
  }
  return [...out];
}
