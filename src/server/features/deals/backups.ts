import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type BackupReason = 'admin-edit' | 'owner-edit' | 'ai-title' | 'ai-description' | 'localize-image' | 'activate';

/**
 * Keeps the deal's current row as a backup before a change (admin edit, AI task, image localising).
 * Call it inside the transaction that makes the change. Backups go when the deal goes (ON DELETE CASCADE).
 */
export async function backupDeal(db: Kysely<Database> | Transaction<Database>, dealId: number, reason: BackupReason, actorId: number | null): Promise<void> {
  const row = await db.selectFrom('deals').selectAll().where('id', '=', dealId).executeTakeFirst();
  if (!row) return;
  await db
    .insertInto('deal_backups')
    .values({ deal_id: dealId, reason, data: JSON.stringify(row), created_by: actorId, created_at: new Date().toISOString() })
    .execute();
}
