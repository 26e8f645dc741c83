import { sql } from 'kysely';
import { searchWordsOf } from '../../../shared/domain/search/query.js';
import type { Suggestions } from '../../../shared/schemas/search.js';
import type { Db } from '../../db/connection.js';
import { listDealIds } from '../deals/index.js';

/** Suggestions start at this many letters or digits; shorter text suggests nothing. */
export const SUGGEST_MIN_CHARACTERS = 2;
const MAX_NAMES = 5;
const MAX_DEALS = 5;

/** `text` as a LIKE pattern that finds it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Shops and categories (a few hundred rows: a scan of their names is cheaper than any index) whose name holds the
 * typed text, shortest names first; and the live deals the text finds as a search, hottest first (the deal list's
 * own search: synonyms, model names and its index-backed plans, docs/notes/search.md).
 */
export async function suggestions(db: Db, q: string): Promise<Suggestions> {
  const text = searchWordsOf(q.toLowerCase()).join(' ');
  if (text.replace(/ /g, '').length < SUGGEST_MIN_CHARACTERS) return { stores: [], categories: [], deals: [] };
  const pattern = containing(q.trim().toLowerCase());
  const [stores, categories, page] = await Promise.all([
    sql<{ id: number; name: string }>`SELECT id, name FROM stores WHERE lower(name) LIKE ${pattern} ESCAPE '\\'
      ORDER BY length(name), name LIMIT ${MAX_NAMES}`.execute(db.kysely),
    sql<{ id: number; name: string; slug: string }>`SELECT id, name, slug FROM categories WHERE lower(name) LIKE ${pattern} ESCAPE '\\'
      ORDER BY length(name), name LIMIT ${MAX_NAMES}`.execute(db.kysely),
    listDealIds(db, { filters: { status: 'active', search: q }, sort: 'hottest', offset: 0, limit: MAX_DEALS }),
  ]);
  const deals =
    page.length === 0
      ? []
      : (
          await sql<{ id: number; title: string; temperature: number }>`SELECT id, title, temperature FROM deals WHERE id IN (${sql.join(page)})`.execute(
            db.kysely,
          )
        ).rows;
  const byId = new Map(deals.map((d) => [Number(d.id), d]));
  return {
    stores: stores.rows.map((r) => ({ id: Number(r.id), name: r.name })),
    categories: categories.rows.map((r) => ({ id: Number(r.id), name: r.name, slug: r.slug })),
    deals: page.flatMap((id) => {
      const d = byId.get(id);
      return d ? [{ id, title: d.title, temperature: Number(d.temperature) }] : [];
    }),
  };
}
