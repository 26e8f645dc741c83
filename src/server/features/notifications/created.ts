import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, NotificationsTable } from '../../db/schema.js';

export type NotificationRow = Selectable<NotificationsTable>;
export type CreatedListener = (rows: NotificationRow[], trx: Transaction<Database>) => void | Promise<void>;

const listeners = new WeakMap<Db, Set<CreatedListener>>();

/**
 * The one place created notifications are handed on (docs/notes/notifications.md "Delivery seam"): every row written,
 * new or gathered again, passes here inside the transaction that wrote it. The live stream listens here (it publishes
 * once the rows are committed); push delivery registers here too, writing its durable delivery jobs in the same
 * transaction. Listeners are kept per database handle, so apps (and tests) sharing a process never hear each other.
 */
export function onNotificationsCreated(db: Db, fn: CreatedListener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(fn);
  return () => set.delete(fn);
}

export async function notificationsCreated(db: Db, trx: Transaction<Database>, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  for (const fn of listeners.get(db) ?? []) await fn(rows, trx);
}
