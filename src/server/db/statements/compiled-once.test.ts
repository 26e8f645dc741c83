import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { compiledOnce } from './compiled-once.js';

/** A query compiled once answers as the same query built each time, with any values, on each engine (db/statements/compiled-once.ts). */
describe('compiledOnce', () => {
  let h: Harness;
  const ids: number[] = [];
  beforeAll(async () => {
    h = await createHarness();
    for (let i = 0; i < 4; i++) ids.push(await insertDeal(h, { title: `Once ${i}`, price_pence: 100 * (i + 1) }));
  });
  afterAll(() => h.close());

  // A constant of the builder's own (the limit) sits between the two arguments' places.
  const cheaperThan = compiledOnce((db, maxPence: number, notId: number) =>
    db.kysely.selectFrom('deals').select(['id', 'title']).where('price_pence', '<', maxPence).where('id', '<>', notId).orderBy('id').limit(10),
  );
  const built = (maxPence: number, notId: number) =>
    h.db.kysely.selectFrom('deals').select(['id', 'title']).where('price_pence', '<', maxPence).where('id', '<>', notId).orderBy('id').limit(10).execute();

  it('answers as the built query, run after run with other values (past PostgreSQL’s switch to a kept plan)', async () => {
    for (let run = 0; run < 8; run++) {
      const maxPence = 150 + 100 * (run % 4);
      const notId = ids[(run + 1) % 4];
      const rows = await cheaperThan(h.db, maxPence, notId);
      expect(rows).toEqual(await built(maxPence, notId));
      expect(rows.length).toBeGreaterThan(0);
    }
  });

  it('runs inside a transaction, on its connection', async () => {
    await h.db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE deals SET title = 'Changed in transaction' WHERE id = ${ids[0]}`.execute(trx);
        expect(await cheaperThan({ dialect: h.db.dialect, kysely: trx }, 150, -1)).toEqual([{ id: ids[0], title: 'Changed in transaction' }]);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(await cheaperThan(h.db, 150, -1)).toEqual([{ id: ids[0], title: 'Once 0' }]);
  });

  it('refuses a builder that does not pass an argument as a value', async () => {
    const ignoring = compiledOnce((db, _unused: number) => db.kysely.selectFrom('deals').select('id').limit(1));
    await expect(ignoring(h.db, 1)).rejects.toThrow(/every argument must be passed/);
  });
});
