import type { Kysely, Transaction } from 'kysely';
import type { Database, DealRow } from '../../db/schema.js';

export type BackupReason =
  | 'admin-edit'
  | 'owner-edit'
  | 'ai-title'
  | 'ai-description'
  | 'localize-image'
  | 'activate'
  | 'expire'
  | 'votes-void'
  | 'report-resolve';

/**
 * Keeps the deal's row as it was before a change (edit, activation, AI task, image localising). The deal lifecycle
 * calls it inside the transaction that makes the change. Backups go when the deal goes (ON DELETE CASCADE).
 */
export async function backupDeal(db: Kysely<Database> | Transaction<Database>, before: DealRow, reason: BackupReason, actorId: number | null): Promise<void> {
  await db
    .insertInto('deal_backups')
    .values({ deal_id: before.id, reason, data: JSON.stringify(before), created_by: actorId, created_at: new Date().toISOString() })
    .execute();
}
