import type { Db } from '../../db/connection.js';
import { compiledOnce, type Runner } from '../../db/statements/compiled-once.js';
import type { UserRow } from '../../db/schema.js';
import { assertMaySave } from './policy.js';

// A save or unsave is one of a member's most frequent writes: its statements are built once (db/statements/compiled-once.ts).
const dealForSave = compiledOnce((db: Runner, dealId: number) => db.kysely.selectFrom('deals').select(['status', 'user_id']).where('id', '=', dealId));
const insertSave = compiledOnce((db: Runner, userId: number, dealId: number, createdAt: string) =>
  db.kysely
    .insertInto('saved_deals')
    .values({ user_id: userId, deal_id: dealId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'deal_id']).doNothing()),
);
const deleteSave = compiledOnce((db: Runner, userId: number, dealId: number) =>
  db.kysely.deleteFrom('saved_deals').where('user_id', '=', userId).where('deal_id', '=', dealId),
);

/** Idempotent: saving twice keeps one row. Only deals the member may see can be saved. */
export async function saveDeal(db: Db, user: UserRow, dealId: number): Promise<void> {
  const [deal] = await dealForSave(db, dealId);
  assertMaySave(user, deal);
  await insertSave(db, user.id, dealId, new Date().toISOString());
}

export async function unsaveDeal(db: Db, userId: number, dealId: number): Promise<void> {
  await deleteSave(db, userId, dealId);
}
