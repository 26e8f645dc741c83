import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../../../db/migrations/014-search-words.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { ftsPrefix, searchTerms } from './search.js';
import { ftsTerm } from './search-words.js';

/**
 * SQLite searches a term as the whole words it begins (migration 014, search-words.ts) instead of FTS5's
 * prefix query, which merges every matching list before its first row. The two must match the same deals, for any
 * term, in both full-text indexes; these tests compare them on text chosen for the stemmer's corners.
 */
describe.skipIf(!!process.env.TEST_DATABASE_URL)('search words (SQLite)', () => {
  let h: Harness;
  const TEXTS = [
    ['Freezer drawers, frost free', 'Keeps food frozen; freezing in minutes'],
    ['Free delivery on fridge freezers', 'Delivered next day, deliveries on Sundays too'],
    ['Agreed price match on ponies', 'The pony club agrees: happiness guaranteed'],
    ['Café crème coffee pods', 'Cafe-style crema from a PS5-sized machine'],
    ['T-shirt 3-pack', 'Cotton t-shirts, sizes S to XXL'],
    ['Relational database book', 'Conditional offer, ceases at midnight'],
    ['Electrical adjustable desk', 'Activates with one touch, effective immediately'],
    ['Hopeful goodness: 99p snacks', '990 calories of formalized fun'],
  ];
  const ids: number[] = [];

  const matches = (table: 'deals_fts' | 'deals_live_fts', expr: string) =>
    (h.db.sqlite!.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).pluck().all(expr) as number[]).join(',');

  beforeAll(async () => {
    h = await createHarness();
    for (const [i, [title, description]] of TEXTS.entries()) {
      ids.push(await insertDeal(h, { title, description, status: i % 3 === 2 ? 'expired' : 'active' }));
    }
  });
  afterAll(() => h.close());

  /** Every prefix of every word of the deals' text, the store and category names, and some that match nothing. */
  function everyPrefix(): string[] {
    const names = h.db.sqlite!.prepare('SELECT name FROM stores UNION ALL SELECT name FROM categories').pluck().all() as string[];
    const words = new Set(searchTerms([...TEXTS.flat(), ...names].join(' ').slice(0, 100_000)));
    for (const text of [...TEXTS.flat(), ...names])
      for (const w of text
        .toLowerCase()
        .normalize('NFKC')
        .match(/[\p{L}\p{N}]+/gu) ?? [])
        words.add(w);
    const prefixes = new Set(['zzz', 'qx', 'agreed', 'ceases', 'agre', 'ceas']);
    for (const w of words) for (let n = 1; n <= w.length; n++) prefixes.add(w.slice(0, n));
    return [...prefixes];
  }

  it('matches exactly what the prefix query matches, in both indexes, for every prefix of every word', () => {
    let named = 0;
    const prefixes = everyPrefix();
    for (const p of prefixes) {
      const expr = ftsTerm(h.db, p);
      if (expr !== ftsPrefix(p)) named++;
      for (const table of ['deals_fts', 'deals_live_fts'] as const) {
        expect(`${p}: ${matches(table, expr)}`).toBe(`${p}: ${matches(table, ftsPrefix(p))}`);
        expect(`${p} in titles: ${matches(table, `title : (${expr})`)}`).toBe(`${p} in titles: ${matches(table, `title : (${ftsPrefix(p)})`)}`);
      }
    }
    // Most terms are named by their words (the rest are short prefixes of many words, or stems the stemmer changes again).
    expect(named).toBeGreaterThan(prefixes.length / 2);
  });

  it('names the words of a term, and keeps the prefix where words cannot stand in for it', () => {
    expect(ftsTerm(h.db, 'freez')).toBe('("freez" OR "freezer")');
    expect(ftsTerm(h.db, 'deliveries')).toBe('"deliveries"');
    expect(ftsTerm(h.db, 'café')).toBe('"café"');
    // "agreed" is stemmed to "agre", which the stemmer would turn into "agr" if named: the term as typed names it.
    expect(ftsTerm(h.db, 'agreed')).toBe('"agreed"');
    // "agre" begins "agre" and "agreement"... here only "agre", but typed as "agre" it is stemmed to "agr": the prefix stays.
    expect(ftsTerm(h.db, 'agre')).toBe('"agre"*');
    // One letter begins more words than are worth naming.
    expect(ftsTerm(h.db, 'c')).toBe('"c"*');
  });

  it('learns the words of new and edited deals and of renamed stores and categories at once', async () => {
    expect(ftsTerm(h.db, 'zephyr')).toBe('"zephyr"*');
    const id = await insertDeal(h, { title: 'Zephyrus laptop', description: 'Zephyrs included' });
    expect(ftsTerm(h.db, 'zephyr')).toBe('("zephyr" OR "zephyru")');
    await sql`UPDATE deals SET description = 'Quixotic bundle' WHERE id = ${id}`.execute(h.db.kysely);
    expect(ftsTerm(h.db, 'quixot')).toBe('"quixot"');
    await sql`UPDATE stores SET name = 'Yodelshop' WHERE id = (SELECT MIN(id) FROM stores)`.execute(h.db.kysely);
    await sql`INSERT INTO categories (name, slug, created_at, updated_at) VALUES ('Xylophones', 'xylophones', '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.000Z')`.execute(
      h.db.kysely,
    );
    expect(ftsTerm(h.db, 'yodel')).toBe('"yodelshop"');
    expect(ftsTerm(h.db, 'xylo')).toBe('"xylophon"');
  });

  it('is filled from what an existing site has indexed when the migration runs', async () => {
    const migration = searchWords('sqlite');
    await migration.down(h.db.kysely);
    await migration.up(h.db.kysely);
    const words = h.db.sqlite!.prepare('SELECT word FROM deal_search_words').pluck().all() as string[];
    expect(words).toEqual(expect.arrayContaining(['freezer', 'deliveri', 'cafe', 'zephyru', 'quixot', 'yodelshop', 'xylophon']));
    for (const p of ['free', 'deliv', 'zephyr', 'x']) expect(matches('deals_fts', ftsTerm(h.db, p))).toBe(matches('deals_fts', ftsPrefix(p)));
  });
});
