import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { assertMaySave } from './policy.js';

/** Idempotent: saving twice keeps one row. Only deals the member may see can be saved. */
export async function saveDeal(db: Db, user: UserRow, dealId: number): Promise<void> {
  const deal = await db.kysely.selectFrom('deals').select(['status', 'user_id']).where('id', '=', dealId).executeTakeFirst();
  assertMaySave(user, deal);
  await db.kysely
    .insertInto('saved_deals')
    .values({ user_id: user.id, deal_id: dealId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'deal_id']).doNothing())
    .execute();
}

export async function unsaveDeal(db: Db, userId: number, dealId: number): Promise<void> {
  await db.kysely.deleteFrom('saved_deals').where('user_id', '=', userId).where('deal_id', '=', dealId).execute();
}
