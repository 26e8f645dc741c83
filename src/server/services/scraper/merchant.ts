/**
 * Matching a scraped merchant name to a store. Names compare by a loose key (case, punctuation, "&"/"and", a trailing
 * "UK" or ".co.uk" ignored), so "Amazon", "amazon.co.uk" and the seeded "Amazon UK" are one store.
 */

/** Merchants a deals website spells differently from our store names. */
const ALIASES: Record<string, string> = {
  mands: 'marksandspencer',
  marksandsparks: 'marksandspencer',
  jl: 'johnlewis',
  johnlewisandpartners: 'johnlewis',
  bandq: 'bandq',
  diycom: 'bandq',
  aocom: 'ao',
  curryspcworld: 'currys',
  argoscouk: 'argos',
};

export const UNKNOWN_MERCHANT = 'Unknown merchant';

export function merchantKey(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/^www\./, '')
    .replace(/\.(co\.uk|com|uk|net|org)$/, '')
    .replace(/[^a-z0-9]+/g, '')
    .replace(/(?<=.{3})(uk|couk)$/, '');
  return ALIASES[key] ?? key;
}

/** The store name to create for a merchant we have never seen: trimmed, single-spaced, at most 50 characters. */
export function storeNameFor(merchant: string | null): string {
  const name = (merchant ?? '').replace(/\s+/g, ' ').trim().slice(0, 50).trim();
  return name || UNKNOWN_MERCHANT;
}

/** The unique key of the stores table (lower(trim(name))). */
export const storeNameKey = (name: string) => name.trim().toLowerCase();
