/**
 * Matching a scraped merchant name to a store. Names compare by a loose key (case, accents, punctuation, "&"/"and",
 * a leading "www." and a trailing " UK", "UK" or ".co.uk"/".com" ignored, a few aliases), so "Amazon",
 * "amazon.co.uk" and the seeded "Amazon UK" (42) are one store, and so are "eBay" and "eBay UK" (43): affiliate
 * tagging applies to scraped deals too. Pure: the importer passes the stores it read.
 */

/** Merchants a deals website spells differently from our store names. */
const ALIASES: Record<string, string> = {
  mands: 'marksandspencer',
  marksandsparks: 'marksandspencer',
  jl: 'johnlewis',
  johnlewisandpartners: 'johnlewis',
  diycom: 'bandq',
  aocom: 'ao',
  curryspcworld: 'currys',
  argoscouk: 'argos',
};

export const UNKNOWN_MERCHANT = 'Unknown merchant';

export function merchantKey(name: string): string {
  const lower = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .trim();
  // Aliases are written both as domains ("diy.com") and as names, so look the whole name up before trimming it.
  const whole = lower.replace(/[^a-z0-9]+/g, '');
  if (ALIASES[whole]) return ALIASES[whole];
  const key = lower
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '')
    .replace(/\.(co\.uk|com|uk|net|org)$/, '')
    .replace(/[\s._-]+uk$/, '')
    .replace(/[^a-z0-9]+/g, '')
    .replace(/(?<=.{3})(uk|couk)$/, '');
  return ALIASES[key] ?? key;
}

/** A store as the matcher needs it. */
export interface StoreRef {
  id: number;
  name: string;
}

/**
 * Store ids by merchant key. When several stores share a key (an admin made "Amazon" beside the seeded "Amazon UK"),
 * the oldest, lowest id, wins, so one merchant always lands on one store and the seeded affiliate stores keep theirs.
 */
export function storesByMerchantKey(stores: readonly StoreRef[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const s of [...stores].sort((a, b) => a.id - b.id)) {
    const key = merchantKey(s.name);
    if (key && !index.has(key)) index.set(key, s.id);
  }
  return index;
}

/** The existing store a merchant name belongs to (see storesByMerchantKey), or null: no name, or a new merchant. */
export function matchStore<T extends StoreRef>(merchant: string | null | undefined, stores: readonly T[]): T | null {
  const key = merchantKey(merchant ?? '');
  if (!key) return null;
  let best: T | null = null;
  for (const s of stores) if ((best === null || s.id < best.id) && merchantKey(s.name) === key) best = s;
  return best;
}

/** The store name to create for a merchant we have never seen: trimmed, single-spaced, at most 50 characters. */
export function storeNameFor(merchant: string | null): string {
  const name = (merchant ?? '').replace(/\s+/g, ' ').trim().slice(0, 50).trim();
  return name || UNKNOWN_MERCHANT;
}

/** The unique key of the stores table (lower(trim(name))). */
export const storeNameKey = (name: string) => name.trim().toLowerCase();
