import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';
import { insertDeal } from '../test/deal-helpers.js';
import { executePlanStable } from './prepared.js';

/**
 * The page-of-deals queries run as named prepared statements on PostgreSQL (db/prepared.ts): they must answer as the
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
