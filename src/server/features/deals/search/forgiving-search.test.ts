import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_WORDS_SQL } from './spelling.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';

/**
 * Synonyms, joined and split words, model names, phrases and exclusions (shared/domain/search/query.ts) in the deal
 * list's search, on whichever engine the harness runs (SQLite, or PostgreSQL with TEST_DATABASE_URL). Each query is
 * asked in the search box's order (newest: SQLite's live index) and in another sort (the general plan).
 */
describe('forgiving search in the deal list', () => {
  let h: Harness;
  const d: Record<string, number> = {};
  const DEALS: Record<string, [string, string]> = {
    samsungTv: ['Samsung 55" QLED 4K Smart TV', 'Quantum dot colour, Tizen apps'],
    lgTv: ['LG 65 inch OLED television', 'Self-lit pixels, Dolby Vision'],
    ps5: ['Sony PlayStation 5 Digital Edition console', 'With a second DualSense controller'],
    vacuum: ['Shark cordless vacuum cleaner', 'Anti hair wrap, 40 minutes run time'],
    trainers: ['Nike Air Max trainers', 'All sizes, white and grey'],
    nappies: ['Pampers Baby-Dry nappies size 4', 'Monthly pack, 180 nappies'],
    tower: ['Tower 4.3L airfryer', 'Rapid air circulation'],
    ninja: ['Ninja Dual Zone Air Fryer AF300UK', 'Two drawers, cooks two foods at once'],
    refurb: ['Refurbished Samsung Galaxy S23 phone', 'Grade A, 12 month warranty'],
    galaxy: ['Samsung Galaxy S24 mobile', 'Unlocked, 256GB'],
    // A typo in a title: the typed word finds it, then its near spelling's deals follow.
    misspelt: ['Samsnug Galaxy Buds case', 'Silicone, fits Buds 2'],
  };

  beforeAll(async () => {
    h = await createHarness();
    for (const [k, [title, description]] of Object.entries(DEALS)) d[k] = await insertDeal(h, { title, description });
  });
  afterAll(() => h.close());

  async function found(q: string, sort = 'newest'): Promise<number[]> {
    const res = await h.request({ method: 'GET', url: `/api/deals?search=${encodeURIComponent(q)}&sort=${sort}&pageSize=50` });
    expect(res.status, q).toBe(200);
    return res.body.data.deals.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b);
  }
  const exactly = (...keys: string[]) => keys.map((k) => d[k]).sort((a, b) => a - b);

  it.each([
    ['television', ['samsungTv', 'lgTv']],
    ['telly', ['samsungTv', 'lgTv']],
    ['tv', ['samsungTv', 'lgTv']],
    ['hoover', ['vacuum']],
    ['sneakers', ['trainers']],
    ['diapers', ['nappies']],
    ['color', ['samsungTv']],
    ['gray', ['trainers']],
    ['ps5', ['ps5']],
    ['playstation5', ['ps5']],
    ['playstation 5', ['ps5']],
    ['55 inch', ['samsungTv']],
    ['55"', ['samsungTv']],
    ['65in', ['lgTv']],
    ['4k', ['samsungTv']],
    ['airfryer', ['tower', 'ninja']],
    ['air fryer', ['tower', 'ninja']],
    ['samsung mobile', ['refurb', 'galaxy']],
    ['samsung galaxy -refurbished', ['galaxy']],
    ['samsung -"galaxy s23"', ['samsungTv', 'galaxy']],
    ['"air fryer"', ['ninja']],
    ['"fryer air"', []],
  ])('%s finds exactly its deals, in either plan', async (q, keys) => {
    expect(await found(q)).toEqual(exactly(...keys));
    expect(await found(q, 'hottest')).toEqual(exactly(...keys));
  });

  it('answers hostile input, possibly empty, never an error', async () => {
    for (const q of [
      '"',
      '-',
      '-tv',
      '"""',
      'NEAR(a',
      'tv OR',
      '*',
      'title:x',
      "'; DROP TABLE deals; --",
      '🎉',
      'the of',
      'x'.repeat(200),
      '"55" -"55"',
      '"the of"',
      '"the" tv',
      'tv -the',
      '-"a" "an" tv',
    ]) {
      await found(q);
      await found(q, 'price-asc');
    }
  });

  async function page(q: string) {
    const res = await h.request({ method: 'GET', url: `/api/deals?${q}` });
    expect(res.status, q).toBe(200);
    return res.body.data as { deals: { id: number }[]; totalCount: number; nearSpelling?: { search: string; typed: string; exactMatches: number } };
  }

  it('lists near spellings when the words as typed find nothing, saying which search it used', async () => {
    const p = await page('search=samsnug%20tv');
    expect(p.nearSpelling).toEqual({ search: 'samsung tv', typed: 'samsnug tv', exactMatches: 0 });
    expect(p.deals.map((x) => x.id)).toEqual([d.samsungTv]);
    const tv = await page('search=televsion&sort=hottest');
    expect(tv.nearSpelling?.search).toBe('television');
    expect(tv.deals.map((x) => x.id).sort((a, b) => a - b)).toEqual(exactly('samsungTv', 'lgTv'));
    expect((await page('search=sonny')).nearSpelling?.search).toBe('sony');
  });

  it('corrects a misspelt word inside a quoted phrase, keeping the phrase and the rest of the search', async () => {
    const p = await page(`search=${encodeURIComponent('"samsnug 55" -galaxy')}`);
    expect(p.nearSpelling).toEqual({ search: '"samsung 55" -galaxy', typed: '"samsnug 55" -galaxy', exactMatches: 0 });
    expect(p.deals.map((x) => x.id)).toEqual([d.samsungTv]);
    // A phrase whose words are all known is left alone, whatever it finds.
    expect((await page(`search=${encodeURIComponent('"quantum tizen"')}`)).nearSpelling).toBeUndefined();
  });

  it('ranks the few exact matches above the near spellings, and pages through both', async () => {
    const p = await page('search=samsnug');
    expect(p.nearSpelling).toEqual({ search: 'samsung', typed: 'samsnug', exactMatches: 1 });
    expect(p.totalCount).toBe(4);
    expect(p.deals[0].id).toBe(d.misspelt);
    expect(
      p.deals
        .slice(1)
        .map((x) => x.id)
        .sort((a, b) => a - b),
    ).toEqual(exactly('samsungTv', 'refurb', 'galaxy'));
    const first = await page('search=samsnug&pageSize=2');
    const second = await page('search=samsnug&pageSize=2&page=2');
    expect([...first.deals, ...second.deals].map((x) => x.id)).toEqual(p.deals.map((x) => x.id));
  });

  it('searches exactly as typed on request, and leaves short words, numbers and known words alone', async () => {
    const exact = await page('search=samsnug&exact=true');
    expect(exact.nearSpelling).toBeUndefined();
    expect(exact.deals.map((x) => x.id)).toEqual([d.misspelt]);
    for (const q of ['kettel', 'sonyy%20ps6', 'smsng', 'qled', 's23x']) expect((await page(`search=${q}`)).nearSpelling, q).toBeUndefined();
    const bad = await h.request({ method: 'GET', url: '/api/deals?search=samsnug&exact=maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/exact must be true or false/);
  });

  it('reads the vocabulary of near spellings by a range of its primary key', async () => {
    const args = ['sa', 'sa\u{10FFFF}', 6, 8, 2000];
    if (h.db.dialect === 'sqlite') {
      const plan = h.db.sqlite!.prepare(`EXPLAIN QUERY PLAN ${NEAR_WORDS_SQL.sqlite}`).all(...args) as { detail: string }[];
      expect(plan.map((p) => p.detail)).toEqual([expect.stringMatching(/^SEARCH deal_search_words USING PRIMARY KEY \(word>\? AND word<\?\)/)]);
    } else {
      await sql`SET enable_seqscan = off`.execute(h.db.kysely);
      const { rows } = await h.db.kysely.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${NEAR_WORDS_SQL.postgres}`, args));
      await sql`RESET enable_seqscan`.execute(h.db.kysely);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index (Only )?Scan (using|on) deal_lexeme_counts_pkey/);
      expect(plan).toMatch(/Index Cond: \(\(lexeme >= /);
      // A typo in the first two letters: a range of the same key per prefix, in one statement.
      await sql`SET enable_seqscan = off`.execute(h.db.kysely);
      const { rows: more } = await h.db.kysely.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${NEAR_WORDS_SQL.postgresPrefixes}`, [['s', 'as', 'sm'], 6, 8, 2000]),
      );
      await sql`RESET enable_seqscan`.execute(h.db.kysely);
      const prefixes = more.map((r) => r['QUERY PLAN']).join('\n');
      expect(prefixes).toMatch(/Nested Loop/);
      expect(prefixes).toMatch(/Index (Only )?Scan (using|on) deal_lexeme_counts_pkey[\s\S]*Index Cond: \(\(lexeme >= /);
    }
  });

  it('forgives a typo in the first two letters when no near word keeps them', async () => {
    const p = await page('search=asmsung%20tv');
    expect(p.nearSpelling).toEqual({ search: 'samsung tv', typed: 'asmsung tv', exactMatches: 0 });
    expect(p.deals.map((x) => x.id)).toEqual([d.samsungTv]);
    expect((await page('search=rtainers')).nearSpelling?.search).toBe('trainers');
  });

  it('corrects a misspelt exclusion, however many deals the search finds, listing none it meant to leave out', async () => {
    const p = await page(`search=${encodeURIComponent('samsung -galxy')}`);
    expect(p.nearSpelling).toEqual({ search: 'samsung -galaxy', typed: 'samsung -galxy', exactMatches: 0 });
    expect(p.deals.map((x) => x.id)).toEqual([d.samsungTv]);
    // Known exclusions are left alone, and so is one near no word.
    expect((await page(`search=${encodeURIComponent('samsung -galaxy')}`)).nearSpelling).toBeUndefined();
    expect((await page(`search=${encodeURIComponent('samsung -qwertyuiop')}`)).nearSpelling).toBeUndefined();
  });

  it('counts the same deals it lists', async () => {
    const res = await h.request({ method: 'GET', url: '/api/deals?search=telly' });
    expect(res.body.data.totalCount).toBe(2);
  });
});

describe('a rare real word next to a common one', () => {
  let h: Harness;
  const sonny: number[] = [];
  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 30; i++) await insertDeal(h, { title: `Sony Bravia soundbar ${i}`, description: 'Dolby Atmos' });
    for (let i = 0; i < 3; i++) sonny.push(await insertDeal(h, { title: `Sonny Angel mini figure ${i}`, description: 'Blind box' }));
  });
  afterAll(() => h.close());

  it('lists its own few deals first, then the near word that ten times as many hold', async () => {
    const res = await h.request({ method: 'GET', url: '/api/deals?search=sonny&pageSize=5' });
    const p = res.body.data;
    expect(p.nearSpelling).toEqual({ search: 'sony', typed: 'sonny', exactMatches: 3 });
    expect(p.totalCount).toBe(33);
    expect(
      p.deals
        .slice(0, 3)
        .map((x: { id: number }) => x.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual(sonny);
    expect(p.deals[3].title).toMatch(/^Sony Bravia/);
    // With a word it shares, the words as typed find what they meant: no correction.
    expect((await h.request({ method: 'GET', url: '/api/deals?search=sonny%20angel' })).body.data.nearSpelling).toBeUndefined();
  });
});
