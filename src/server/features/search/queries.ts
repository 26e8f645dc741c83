import { sql } from 'kysely';
import { type MatchText, matchTextOf, parseSearch, searchWordsOf, wordsMatch } from '../../../shared/domain/search/query.js';
import type { SuggestionSection, Suggestions } from '../../../shared/schemas/deals/search.js';
import type { Db } from '../../db/connection.js';
import { cached } from '../../db/reads/count-cache.js';
import { suggestVouchers } from '../vouchers/index.js';

/** Suggestions start at this many letters or digits; shorter text suggests nothing. */
export const SUGGEST_MIN_CHARACTERS = 2;
const MAX_NAMES = 5;
const MAX_DEALS = 5;
/** The hottest live deals whose titles suggestions are picked from. */
const HOT_WINDOW = 2000;

interface HotDeal {
  id: number;
  title: string;
  temperature: number;
  /** The title's words (and their singulars) for wordsMatch. */
  text: MatchText;
}

/**
 * The HOT_WINDOW hottest live deals with their titles' words, kept like the list counts (count-cache.ts: dropped on any
 * deal write or vote, 30 s at most): one read of the (status, temperature, id) index for every keystroke of everyone.
 * A full-text search of a two-letter prefix would merge the lists of every word it begins (seconds at a million deals).
 */
function hotWindow(db: Db): Promise<HotDeal[]> {
  return cached(db, 'suggest-hot-window', true, async () => {
    const now = new Date().toISOString();
    const { rows } = await sql<{ id: number; title: string; temperature: number }>`SELECT id, title, temperature FROM deals
      WHERE status = 'active' AND COALESCE(expires_at, '9999-12-31') > ${now}
      ORDER BY temperature DESC, id DESC LIMIT ${HOT_WINDOW}`.execute(db.kysely);
    return rows.map((r) => ({ id: Number(r.id), title: r.title, temperature: Number(r.temperature), text: matchTextOf(r.title) }));
  });
}

/** `text` as a LIKE pattern that finds it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Voucher codes suggested (docs/notes/vouchers-follows.md). */
const MAX_VOUCHERS = 3;

/**
 * Shops and categories (a few hundred rows: a scan of their names is cheaper than any index) whose name holds the
 * typed text, shortest names first; the hottest live deals whose title the text matches (each word a prefix of a
 * title word, synonyms and model names as in a search, plurals folded: shared/domain/search/query.ts wordsMatch), from
 * the hot window; and live voucher codes.
 */

export async function suggestions(db: Db, q: string): Promise<Suggestions> {
  const text = searchWordsOf(q.toLowerCase()).join(' ');
  if (text.replace(/ /g, '').length < SUGGEST_MIN_CHARACTERS) return { sections: [] };
  const pattern = containing(q.trim().toLowerCase());
  const [stores, categories, hot, vouchers] = await Promise.all([
    sql<{ id: number; name: string }>`SELECT id, name FROM stores WHERE lower(name) LIKE ${pattern} ESCAPE '\\'
      ORDER BY length(name), name LIMIT ${MAX_NAMES}`.execute(db.kysely),
    sql<{ id: number; name: string; slug: string }>`SELECT id, name, slug FROM categories WHERE lower(name) LIKE ${pattern} ESCAPE '\\'
      ORDER BY length(name), name LIMIT ${MAX_NAMES}`.execute(db.kysely),
    hotWindow(db),
    suggestVouchers(db, q, MAX_VOUCHERS),
  ]);
  const parsed = parseSearch(q);
  const sections: SuggestionSection[] = [
    { kind: 'stores', items: stores.rows.map((r) => ({ id: Number(r.id), name: r.name })) },
    { kind: 'categories', items: categories.rows.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug })) },
    {
      kind: 'deals',
      items: hot
        .filter((d) => wordsMatch(parsed, d.text))
        .slice(0, MAX_DEALS)
        .map((d) => ({ id: d.id, title: d.title, temperature: d.temperature })),
    },
    { kind: 'vouchers', items: vouchers },
  ];
  return { sections: sections.filter((s) => s.items.length > 0) };
}
