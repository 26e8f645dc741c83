import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { executePlanStable, isKeyedStatement } from './prepared.js';

/**
 * The page-of-deals queries run as named prepared statements on PostgreSQL (db/statements/prepared.ts): they must answer as the
 * unnamed query does, every time (past PostgreSQL's switch to a generic plan after five runs), with any values, and
 * inside a transaction on the transaction's own connection. On SQLite the same call is the plain query.
 */
describe('plan-stable queries (named prepared statements on PostgreSQL)', () => {
  let h: Harness;
  const ids: number[] = [];

  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 12; i++) ids.push(await insertDeal(h, { title: `Prepared ${i}`, price_pence: 100 + i }));
  });
  afterAll(() => h.close());

  const byIds = (list: number[]) => h.db.kysely.selectFrom('deals').select(['id', 'title', 'price_pence']).where('id', 'in', list).orderBy('id');

  it('answers as the query run by Kysely, run after run and with other values of the same shape', async () => {
    for (let run = 0; run < 8; run++) {
      const list = ids.slice(run % 4, (run % 4) + 5);
      const expected = await byIds(list).execute();
      expect(expected).toHaveLength(5);
      expect(await executePlanStable(h.db, byIds(list).compile())).toEqual(expected);
    }
  });

  it('keeps queries of different texts apart (another shape, another statement)', async () => {
    const one = await executePlanStable(h.db, byIds([ids[0]]).compile());
    const three = await executePlanStable(h.db, byIds(ids.slice(0, 3)).compile());
    const titles = await executePlanStable(h.db, h.db.kysely.selectFrom('deals').select('title').where('id', '=', ids[1]).compile());
    expect(one.map((r) => r.id)).toEqual([ids[0]]);
    expect(three.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(titles).toEqual([{ title: 'Prepared 1' }]);
  });

  it('reports a failing statement as an error and the next runs still work', async () => {
    await expect(executePlanStable(h.db, CompiledQuery.raw('SELECT id FROM no_such_table WHERE id = 1'))).rejects.toThrow(/no_such_table/);
    expect(await executePlanStable(h.db, byIds([ids[2]]).compile())).toEqual(await byIds([ids[2]]).execute());
  });

  it("inside a transaction, reads on the transaction's connection (its own uncommitted rows)", async () => {
    await h.db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE deals SET title = 'Changed in transaction' WHERE id = ${ids[3]}`.execute(trx);
        const rows = await executePlanStable({ ...h.db, kysely: trx }, trx.selectFrom('deals').select('title').where('id', '=', ids[3]).compile());
        expect(rows).toEqual([{ title: 'Changed in transaction' }]);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await byIds([ids[3]]).execute()).toEqual([{ id: ids[3], title: 'Prepared 3', price_pence: 103 }]);
  });
});

describe('keyed statements (named on PostgreSQL: writes and reads by primary key)', () => {
  it('takes writes and reads of rows by primary key, and leaves value-dependent, starred and bulk texts unnamed', () => {
    const keyed = [
      'insert into "votes" ("deal_id", "user_id") values ($1, $2) on conflict ("deal_id", "user_id") do nothing returning "id"',
      'update "deals" set "upvotes" = "upvotes" + $1 where "id" = $2',
      'delete from "saved_deals" where "user_id" = $1 and "deal_id" = $2',
      'select "id", "user_id", "status" from "deals" where "id" = $1 for update',
      'select "d"."status" from "deals" as "d" where "d"."id" = $1',
      'select "u"."id", "s"."id" as "session__id" from "users" as "u" left join "sessions" as "s" on "s"."id" = $1 where "u"."id" = $2',
    ];
    const unnamed = [
      // The plan depends on the values: a range, a search, an id list of varying selectivity behind other filters.
      'select "id" from "alerts" where "paused" = $1 and "min_temperature" > $2 limit $3',
      'SELECT d.id FROM deals AS d WHERE d.title_vector @@ websearch_to_tsquery($1) ORDER BY d.id LIMIT $2',
      'select "id" from "deals" where "id" = $1 and "status" = $2',
      'select "u"."id" from "users" as "u" left join "votes" as "v" on "v"."deal_id" = $1 where "u"."id" = $2',
      // A subquery in the select list may read anything.
      'select (select "id" from "votes" where "created_at" > $1) as "v" from "deals" where "id" = $2',
      // A column added while the process runs would change a kept result type.
      'select * from "users" where "id" = $1',
      'update "member_reputation" set "comments" = "comments" + $1 where "user_id" = $2 returning *',
      `insert into "deals" ("title") values ${Array.from({ length: 400 }, (_, i) => `($${i + 1})`).join(', ')}`,
    ];
    for (const text of keyed) expect(isKeyedStatement(text), text).toBe(true);
    for (const text of unnamed) expect(isKeyedStatement(text), text).toBe(false);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness();
    });
    afterAll(() => h.close());

    it('prepares a keyed statement once on the connection, answers as before, and leaves others unnamed', async () => {
      const id = await insertDeal(h, { title: 'Keyed', price_pence: 500 });
      await h.db.kysely.transaction().execute(async (trx) => {
        for (let run = 0; run < 7; run++) {
          await trx
            .updateTable('deals')
            .set({ title: `Keyed ${run}` })
            .where('id', '=', id)
            .execute();
          const row = await trx.selectFrom('deals').select(['title', 'price_pence']).where('id', '=', id).forUpdate().executeTakeFirst();
          expect(row).toEqual({ title: `Keyed ${run}`, price_pence: 500 });
        }
        await trx.selectFrom('deals').select('id').where('price_pence', '>', 100).execute();
        const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx);
        const texts = rows.map((r) => r.statement);
        expect(texts.filter((t) => t.startsWith('update "deals" set "title"'))).toHaveLength(1);
        expect(texts.filter((t) => t.startsWith('select "title", "price_pence" from "deals"'))).toHaveLength(1);
        expect(texts.some((t) => t.includes('"price_pence" > $1'))).toBe(false);
      });
      expect(await h.db.kysely.selectFrom('deals').select('title').where('id', '=', id).executeTakeFirst()).toEqual({ title: 'Keyed 6' });
    });
  });
});
