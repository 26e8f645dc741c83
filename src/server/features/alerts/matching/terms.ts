import { equivalentWords, type MatchText, matchTextOf, type ParsedSearch, parseSearch, wordsMatch } from '../../../../shared/domain/search/query.js';
import { singular } from '../../../../shared/domain/search/plurals.js';

/**
 * An alert's words are understood as the browse search understands them (shared/domain/search/query.ts parseSearch:
 * synonyms and UK/US spellings, model names joined and split, screen sizes, "quoted phrases", -exclusions), and a deal
 * matches when its words hold every group and no exclusion (query.ts wordsMatch, the suggestions' rule: a typed word
 * begins a deal word, other forms are whole words, plurals folded on both sides). Accents are ignored on both sides,
 * as FTS5's `remove_diacritics` does. Other stemming (running -> run) is not reproduced: see docs/notes/alerts.md.
 */

export { singular };

/** Lower case, compatibility forms folded, accents removed. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
}

/** An alert's query, understood as a search of its folded text. */
export const alertSearch = (query: string): ParsedSearch => parseSearch(foldText(query));

/**
 * What makes two alerts' queries the same: their groups as typed and their exclusions, in any order and case
 * ("TV samsung" = "samsung tv"; "samsung -galaxy" differs from "samsung galaxy").
 */
export function alertQueryKey(query: string): string {
  const parsed = alertSearch(query);
  const groups = parsed.groups.map((g) => g.typed).sort();
  const excluded = parsed.excluded.map((f) => `-${f.words.join(' ')}`).sort();
  return [...groups, ...excluded].join(' ');
}

/** A deal's texts (title, description, store, category) as wordsMatch reads them, accents folded. */
export const dealMatchText = (texts: Array<string | null | undefined>): MatchText => matchTextOf(...texts.map((t) => (t ? foldText(t) : t)));

/**
 * Every start of every word a deal holds or stands for (its words, their singulars, and what they are equivalent to
 * under the search's rules: query.ts equivalentWords, so "TV" also offers "telly" and "PlayStation 5" "ps5"). Every
 * alert group the deal can match has its typed words among these, so its key is among the starts. Built once per deal.
 */
export function wordStarts(text: MatchText): Set<string> {
  const out = new Set<string>();
  for (const w of [...text.words, ...text.singulars, ...equivalentWords(text)]) {
    // Keys are at most MATCH_KEY_MAX characters, so longer starts are never looked up.
    const n = Math.min(w.length, MATCH_KEY_MAX);
    for (let i = 1; i <= n; i++) out.add(w.slice(0, i));
  }
  return out;
}

/** Longest common start of two words. */
function commonStart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/** Match keys are cut to this length, and deal words are probed by their prefixes up to it. */
export const MATCH_KEY_MAX = 8;

/**
 * The key a typed word is indexed under: the start it shares with its singular (any deal word the word matches, in
 * either number, begins with it), cut to MATCH_KEY_MAX characters.
 */
export const termKey = (term: string): string => commonStart(term, singular(term)).slice(0, MATCH_KEY_MAX);

/**
 * The keys an alert is indexed under: one per group (the key of the longest word of the group as typed; a deal holding
 * any form of the group offers it, see wordStarts), the two longest, the first group on a tie; the second is '' for a
 * one-group alert. Excluded words are never keys: a matching deal does not hold them. Every group must match, so a
 * matching deal has both keys among its starts: the deal probes the index for the first and keeps the entries whose
 * second it also has (docs/notes/alerts.md "Matching").
 */
export function matchKeys(parsed: ParsedSearch): [string, string] {
  const keys = parsed.groups
    .map((g) => g.forms[0].words.map(termKey).reduce((a, b) => (b.length > a.length ? b : a), ''))
    .map((k, i) => ({ k, i }))
    .sort((a, b) => b.k.length - a.k.length || a.i - b.i);
  return [keys[0]?.k ?? '', keys[1]?.k ?? ''];
}

/** The index keys of an alert's query (the columns match_key and match_key2). */
export const alertKeys = (query: string): [string, string] => matchKeys(alertSearch(query));

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
  /** The deal's words (dealMatchText). */
  text: MatchText;
  /** wordStarts of them. */
  starts: Set<string>;
  categoryId: number;
  storeId: number;
  pricePence: number | null;
  temperature: number;
}

/** The whole rule: every group and no exclusion (the search's rule), the category, the store, the price cap and the temperature. */
export function alertMatchesDeal(alert: AlertCriteria, deal: DealFacts): boolean {
  if (alert.category_id !== null && alert.category_id !== deal.categoryId) return false;
  if (alert.store_id !== null && alert.store_id !== deal.storeId) return false;
  if (alert.max_price_pence !== null && (deal.pricePence === null || deal.pricePence > alert.max_price_pence)) return false;
  if (alert.min_temperature !== null && deal.temperature < alert.min_temperature) return false;
  return wordsMatch(alertSearch(alert.query), deal.text);
}
