/**
 * The device's own recent searches (docs/notes/search.md "Suggestions as you type"): kept in localStorage, newest first,
 * at most MAX_RECENT, one entry per text whatever its case or spacing. Nothing leaves the device. A storage that throws
 * (private mode, full, blocked) or holds something else means no recent searches, never an error.
 */
export const RECENT_SEARCHES_KEY = 'recentSearches';
export const MAX_RECENT = 8;
/** Longer texts are not kept: a search box never needs them back. */
const MAX_LENGTH = 200;

const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function readRecentSearches(): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]') as unknown;
    if (!Array.isArray(saved)) return [];
    return saved.filter((s): s is string => typeof s === 'string' && tidy(s) !== '').slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

function write(list: string[]): string[] {
  try {
    if (list.length === 0) localStorage.removeItem(RECENT_SEARCHES_KEY);
    else localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Storage refused: the list lives until the page is left.
  }
  return list;
}

/** Puts a search first (moving it up when it is there already); returns the new list. */
export function addRecentSearch(text: string): string[] {
  const search = tidy(text);
  const list = readRecentSearches();
  if (search === '' || search.length > MAX_LENGTH) return list;
  return write([search, ...list.filter((s) => !same(s, search))].slice(0, MAX_RECENT));
}

export const removeRecentSearch = (text: string): string[] => write(readRecentSearches().filter((s) => !same(s, text)));

export const clearRecentSearches = (): string[] => write([]);

/** The recent searches to offer for what the box holds: all of them for an empty box, else those holding the text. */
export function recentFor(list: string[], text: string): string[] {
  const t = tidy(text).toLowerCase();
  return t === '' ? list : list.filter((s) => s.toLowerCase().includes(t) && !same(s, t));
}
