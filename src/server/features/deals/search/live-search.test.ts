import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateDealCounts } from '../../../db/reads/count-cache.js';
import type { NewDeal } from '../../../db/schema.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/deal-helpers.js';
import { LIVE_SEARCH_ID_BITS, liveSearchIndex } from '../../../db/migrations/013-live-search-index.js';
import { liveMatchesAtLeast } from './lexeme-counts.js';
import { countForPage, listDealIds } from '../list/list-query.js';

/**
 * A search of live deals, newest first, on SQLite comes from the live full-text index alone (migration 013,
 * live-search.ts); PostgreSQL and every other filter take the general plan. Both must give what the search rules say:
 * live deals matching every term, title matches first, then newest first (published_at, then id). The expectation here
 * is computed from the inserted rows, not from either plan.
 */
describe('searching live deals, newest first', () => {
  let h: Harness;
  const rows: Array<{ id: number; title: string; text: string; published: string; live: boolean }> = [];
  const WORDS = ['kettle', 'toaster', 'blender', 'kettles', 'lamp'];
  const now = Date.parse('2026-11-25T12:00:00.000Z');

  async function add(i: number, values: Partial<NewDeal>) {
    const title = `${WORDS[i % 5]} model ${i}${i % 7 === 0 ? ' lamp' : ''}`;
    const description = `Works with any ${WORDS[(i * 3) % 5]}`;
    // Publication times repeat (i % 9) so ties fall to the id; some are a millisecond apart.
    const published = new Date(now - (i % 9) * 3_600_000 - (i % 2)).toISOString();
    const id = await insertDeal(h, { title, description, published_at: published, ...values });
    const status = values.status ?? 'active';
    const lapsed = values.expires_at != null && Date.parse(values.expires_at) <= now;
    rows.push({ id, title: title.toLowerCase(), text: `${title} ${description}`.toLowerCase(), published, live: status === 'active' && !lapsed });
  }

  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 90; i++) {
      if (i % 10 === 3) await add(i, { status: 'expired' });
      else if (i % 10 === 6) await add(i, { status: 'pending' });
      else if (i % 10 === 8) await add(i, { expires_at: new Date(now - 60_000).toISOString() });
      else await add(i, { expires_at: i % 4 === 0 ? new Date(now + 86_400_000).toISOString() : null });
    }
  });
  afterAll(() => h.close());

  /** The search rules, in plain code: every term a word prefix; title matches first; newest, then highest id. */
  function expected(search: string): { ids: number[]; inTitle: number } {
    const terms = search.toLowerCase().split(/\s+/);
    const has = (text: string) => terms.every((t) => text.split(/[^a-z0-9]+/).some((w) => w.startsWith(t)));
    const hits = rows.filter((r) => r.live && has(r.text));
    const key = (r: (typeof rows)[number]) => [has(r.title) ? 0 : 1, -Date.parse(r.published), -r.id];
    const ids = hits
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
      })
      .map((r) => r.id);
    return { ids, inTitle: hits.filter((r) => has(r.title)).length };
  }

  const filters = (search: string) => ({ status: 'active' as const, search });
  const page = (search: string, offset: number, limit: number) =>
    listDealIds(h.db, { filters: filters(search), sort: 'newest', offset, limit, now: new Date(now) });

  it.each(['kettle', 'toast', 'lamp', 'kettle lamp', 'works blender', 'model 1', 'model'])('"%s": every page and the total', async (search) => {
    invalidateDealCounts(h.db);
    const { ids: all, inTitle } = expected(search);
    expect(all.length).toBeGreaterThan(0);
    expect(await page(search, 0, 200)).toEqual(all);
    expect(await page(search, 3, 5)).toEqual(all.slice(3, 8));
    // A page across the end of the title matches.
    const across = Math.max(0, inTitle - 2);
    expect(await page(search, across, 4)).toEqual(all.slice(across, across + 4));
    expect(await countForPage(h.db, { filters: filters(search), now: new Date(now) })).toEqual({ total: all.length, capped: false });
  });

  it('follows the deals as they change (SQLite: the index triggers)', async () => {
    if (h.dialect !== 'sqlite') return;
    const inIndex = async (match: string) =>
      Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM deals_live_fts WHERE deals_live_fts MATCH ${match}`.execute(h.db.kysely)).rows[0].n);
    const id = await insertDeal(h, { title: 'Zeppelin kite', status: 'pending', published_at: new Date(now - 86_400_000).toISOString() });
    expect(await inIndex('zeppelin')).toBe(0);
    await h.db.kysely
      .updateTable('deals')
      .set({ status: 'active', published_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await inIndex('zeppelin')).toBe(1);
    await h.db.kysely.updateTable('deals').set({ title: 'Quokka kite' }).where('id', '=', id).execute();
    expect([await inIndex('zeppelin'), await inIndex('quokka'), await inIndex('kite')]).toEqual([0, 1, 1]);
    await h.db.kysely.updateTable('stores').set({ name: 'Wombat Outlet' }).where('id', '=', 1).execute();
    expect(await inIndex('wombat')).toBeGreaterThan(0);
    await h.db.kysely.updateTable('deals').set({ status: 'expired' }).where('id', '=', id).execute();
    expect(await inIndex('quokka')).toBe(0);
    await h.db.kysely.updateTable('deals').set({ status: 'active' }).where('id', '=', id).execute();
    expect(await inIndex('quokka')).toBe(1);
    await h.db.kysely.deleteFrom('deals').where('id', '=', id).execute();
    expect(await inIndex('quokka')).toBe(0);
  });

  it('takes the general plan, with the same answers, once an id is past the index range (SQLite)', async () => {
    if (h.dialect !== 'sqlite') return;
    await add(1, { id: 2 ** 22 } as Partial<NewDeal>);
    invalidateDealCounts(h.db);
    const all = expected('kettle').ids;
    expect(all).toContain(2 ** 22);
    expect(await page('kettle', 0, 200)).toEqual(all);
    expect(await countForPage(h.db, { filters: filters('kettle'), now: new Date(now) })).toEqual({ total: all.length, capped: false });
  });
});

/** What migration 013 keeps: PostgreSQL's live deals per lexeme (behind the "1,000+" shortcut, lexeme-counts.ts), and its fill. */
describe("migration 013's structures", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const counts = async () =>
    Object.fromEntries(
      (
        await sql<{ lexeme: string; live_deals: number }>`SELECT lexeme, live_deals FROM deal_lexeme_counts WHERE live_deals <> 0`.execute(h.db.kysely)
      ).rows.map((r) => [r.lexeme, Number(r.live_deals)]),
    );
  /** The same figures counted from the deals themselves. */
  const recount = async () =>
    Object.fromEntries(
      (
        await sql<{
          lexeme: string;
          n: number;
        }>`SELECT lexeme, COUNT(*) AS n FROM deals, unnest(tsvector_to_array(search_vector)) AS lexeme WHERE status = 'active' GROUP BY lexeme`.execute(
          h.db.kysely,
        )
      ).rows.map((r) => [r.lexeme, Number(r.n)]),
    );

  it('follow every change of status and text, and bound a one-word search from below', async () => {
    if (h.dialect !== 'postgres') return;
    const a = await insertDeal(h, { title: 'Zeppelin kite', description: 'A kite' });
    const b = await insertDeal(h, { title: 'Zeppelins galore', status: 'pending' });
    await insertDeal(h, { title: 'Another zeppelin', expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect(await counts()).toEqual(await recount());
    await h.db.kysely.updateTable('deals').set({ status: 'active' }).where('id', '=', b).execute();
    await h.db.kysely.updateTable('deals').set({ title: 'Quokka kite', temperature: 5 }).where('id', '=', a).execute();
    await h.db.kysely.updateTable('stores').set({ name: 'Wombat Outlet' }).where('id', '=', 1).execute();
    expect(await counts()).toEqual(await recount());
    // 'zeppelin' matches b (zeppelins) and the lapsed deal: counted 2, less 1 lapsed.
    expect(await liveMatchesAtLeast(h.db, 'zeppelin', 1)).toBe(1);
    expect(await liveMatchesAtLeast(h.db, 'wombat', 0)).toBe(3);
    await h.db.kysely.updateTable('deals').set({ status: 'expired' }).where('id', '=', b).execute();
    await h.db.kysely.deleteFrom('deals').where('id', '=', a).execute();
    expect(await counts()).toEqual(await recount());
    expect(await liveMatchesAtLeast(h.db, 'quokka', 0)).toBe(0);
  });

  it('stay right when transactions that each change several deals run at once', async () => {
    if (h.dialect !== 'postgres') return;
    const words = ['apple', 'banana', 'cherry', 'damson', 'elder', 'fig'];
    // Each transaction writes three deals sharing words with its neighbours' (the same count rows), then expires one.
    await Promise.all(
      words.map((_, i) =>
        h.db.kysely.transaction().execute(async (trx) => {
          const ids: number[] = [];
          for (let j = 0; j < 3; j++) {
            const title = `${words[(i + j) % 6]} ${words[(i + j + 3) % 6]} crate ${i}-${j}`;
            const now = new Date().toISOString();
            const row = await trx
              .insertInto('deals')
              .values({
                title,
                description: 'Fruit',
                url: `https://shop.example/fruit/${i}/${j}`,
                price_pence: 100,
                original_price_pence: 200,
                category_id: 1,
                store_id: 1,
                status: 'active',
                source: 'test',
                created_at: now,
                updated_at: now,
                published_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            ids.push(Number(row.id));
            // Time for the others to start theirs: the transactions overlap.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await trx.updateTable('deals').set({ status: 'expired' }).where('id', '=', ids[1]).execute();
        }),
      ),
    );
    expect(await counts()).toEqual(await recount());
    expect(await liveMatchesAtLeast(h.db, 'crate', 0)).toBe(12);
  });

  it('fills from the deals already there when migration 013 runs on an existing site (both engines)', async () => {
    await insertDeal(h, { title: 'Marmalade jar' });
    await insertDeal(h, { title: 'Marmalade spoon', status: 'expired' });
    const migration = liveSearchIndex(h.dialect);
    await migration.down(h.db.kysely);
    await migration.up(h.db.kysely);
    if (h.dialect === 'postgres') expect(await counts()).toEqual(await recount());
    else {
      const { rows } = await sql<{
        id: number;
      }>`SELECT ((-rowid) & ${2 ** LIVE_SEARCH_ID_BITS - 1}) AS id FROM deals_live_fts WHERE deals_live_fts MATCH 'marmalade'`.execute(h.db.kysely);
      const live = await h.db.kysely.selectFrom('deals').select('id').where('title', '=', 'Marmalade jar').executeTakeFirstOrThrow();
      expect(rows.map((r) => Number(r.id))).toEqual([Number(live.id)]);
    }
  });
});
