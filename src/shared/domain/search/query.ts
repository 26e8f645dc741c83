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

/**
 * Whether a text's words hold every group of a parsed search (any of its forms: a prefix of a word, or words in a row)
 * and none of its exclusions; `words` are the text's words as searchWordsOf(normaliseSearchText(text)) gives them.
 * The suggestions' match of deal titles, without the full-text index (no stemming: a form matches as a prefix).
 */
export function wordsMatch(parsed: ParsedSearch, words: string[]): boolean {
  const has = (f: SearchForm) =>
    words.some((_, i) => f.words.every((w, j) => words[i + j] !== undefined && (j === f.words.length - 1 ? words[i + j].startsWith(w) : words[i + j] === w)));
  return parsed.groups.length > 0 && parsed.groups.every((g) => g.forms.some(has)) && !parsed.excluded.some(has);
}
