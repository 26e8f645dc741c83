import { searchTerms } from '../../deals/index.js';

/**
 * The words of alerts and deals, compared as the browse search compares them (deals/search.ts searchTerms +
 * ftsMatch): lower case, runs of letters and digits, at most 8 distinct words of at most 40 characters in a query,
 * every query word must be the start of some word of the deal. Like the full-text indexes (FTS5 `remove_diacritics`,
 * PostgreSQL's English stemmer) accents are ignored ("cafe" finds "café") and English plurals are folded ("fryers"
 * finds "fryer", "battery" finds "batteries"). Other stemming (running -> run) is not reproduced: see
 * docs/notes/alerts.md.
 */

const TERM_MAX = 40;

/** Lower case, compatibility forms folded, accents removed. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
}

/** An alert's words: the browse search's terms of the folded text. */
export const alertTerms = (query: string): string[] => searchTerms(foldText(query));

/** Every word of a text (a deal's title, description, store, category), folded. */
export function textWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The singular of a regular English plural; other words as they are. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A deal's words with their singulars: what alert words are matched against. */
export function dealWordSet(texts: Array<string | null | undefined>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const w of textWords(text)) {
      words.add(w);
      words.add(singular(w));
    }
  }
  return words;
}

/**
 * Every start of every deal word (of the words and their singulars): an alert word matches the deal when it, or its
 * singular, is in this set. Built once per deal, so checking a candidate costs a few set lookups.
 */
export function wordStarts(dealWords: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of dealWords) {
    // Alert words are at most 40 characters (searchTerms), so longer starts are never looked up.
    const n = Math.min(w.length, TERM_MAX);
    for (let i = 1; i <= n; i++) out.add(w.slice(0, i));
  }
  return out;
}

/** True when the alert word starts some deal word (as written or in the singular, on either side). */
export const wordMatches = (term: string, starts: Set<string>): boolean => starts.has(term) || starts.has(singular(term));

/** Longest common start of two words. */
function commonStart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** Match keys are cut to this length, and deal words are probed by their prefixes up to it. */
export const MATCH_KEY_MAX = 8;

/**
 * The key an alert word is indexed under: the start it shares with its singular (any deal word the term matches
 * begins with it), cut to MATCH_KEY_MAX characters.
 */
export const termKey = (term: string): string => commonStart(term, singular(term)).slice(0, MATCH_KEY_MAX);

/**
 * The keys an alert is indexed under: its two longest word keys (long words are rare words), the first word on a tie;
 * the second is '' for a one-word alert. Every word of an alert must match, so a matching deal has both among its key
 * prefixes: the deal probes the index for the first and keeps the entries whose second it also has, so an alert is a
 * candidate only when two of its words are there (docs/notes/alerts.md "Matching").
 */
export function matchKeys(terms: string[]): [string, string] {
  const keys = terms
    .map(termKey)
    .map((k, i) => ({ k, i }))
    .sort((a, b) => b.k.length - a.k.length || a.i - b.i);
  return [keys[0]?.k ?? '', keys[1]?.k ?? ''];
}

/** The first of matchKeys. */
export const matchKey = (terms: string[]): string => matchKeys(terms)[0];

/** The starts of deal words that can be match keys (1..MATCH_KEY_MAX characters). */
export const keyPrefixes = (starts: Set<string>): string[] => [...starts].filter((p) => p.length <= MATCH_KEY_MAX);

/** What an alert asks of a deal, and what a deal offers, for the full check in JS. */
export interface AlertCriteria {
  query: string;
  category_id: number | null;
  store_id: number | null;
  max_price_pence: number | null;
  min_temperature: number | null;
}

export interface DealFacts {
  /** wordStarts of the deal's words. */
  starts: Set<string>;
  categoryId: number;
  storeId: number;
  pricePence: number | null;
  temperature: number;
}

/** The whole rule: every word, the category, the store, the price cap and the temperature. */
export function alertMatchesDeal(alert: AlertCriteria, deal: DealFacts): boolean {
  if (alert.category_id !== null && alert.category_id !== deal.categoryId) return false;
  if (alert.store_id !== null && alert.store_id !== deal.storeId) return false;
  if (alert.max_price_pence !== null && (deal.pricePence === null || deal.pricePence > alert.max_price_pence)) return false;
  if (alert.min_temperature !== null && deal.temperature < alert.min_temperature) return false;
  const terms = alertTerms(alert.query);
  return terms.length > 0 && terms.every((t) => wordMatches(t, deal.starts));
}
