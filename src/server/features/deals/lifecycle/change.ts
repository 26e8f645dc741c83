import type { Transaction } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database, DealRow } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { DEAL_NOT_FOUND } from '../policy.js';
import type { Actor, AuditNote, ChangeOrigin, DealChange, DealEvents } from './events.js';
import { claimDealUpload, removeUnusedDealFiles } from './images.js';
import { dealEvents } from './rules.js';

/** What every lifecycle command needs: the database, the event subscribers and where uploads live. */
export interface LifecycleDeps {
  db: Db;
  events: DealEvents;
  config: { uploadsDir: string };
}

export type Tx = Transaction<Database>;

export interface ChangeRecord {
  dealId: number;
  actor: Actor | null;
  origin: ChangeOrigin;
  before: DealRow | null;
  after: DealRow | null;
  audit?: AuditNote | null;
}

export interface ChangeScope {
  trx: Tx;
  nowIso: string;
  /** Notes one deal's change; its events are worked out from the rows. */
  record(change: ChangeRecord): void;
  /** Deal upload files to remove once the change has committed (kept if another deal still uses them). */
  removeFilesAfterCommit(paths: string[]): void;
}

/**
 * The one way a deal changes: one transaction in which the change is made and the in-transaction subscribers (the
 * moderation log, alert matching) run; after the commit, files that went with it are removed and the after-commit
 * subscribers (caches) hear of it. A throw anywhere before the commit leaves nothing behind.
 */
export async function inDealChange<T>(deps: LifecycleDeps, fn: (scope: ChangeScope) => Promise<T>): Promise<T> {
  const changes: DealChange[] = [];
  const files: string[] = [];
  const nowIso = new Date().toISOString();
  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    changes.length = 0;
    files.length = 0;
    const value = await fn({
      trx,
      nowIso,
      record: (c) => {
        const events = dealEvents(c.before, c.after);
        if (events.length > 0) changes.push({ ...c, audit: c.audit ?? null, events, at: nowIso });
      },
      removeFilesAfterCommit: (paths) => files.push(...paths),
    });
    // One image rule for every path: a deal's upload becomes that deal's, or the change is refused.
    for (const c of changes) if (c.after && c.after.image_url !== c.before?.image_url) await claimDealUpload(trx, c.after);
    await deps.events.runInTransaction(changes, trx);
    return value;
  });
  if (files.length > 0) await removeUnusedDealFiles(deps.db.kysely, deps.config.uploadsDir, files);
  await deps.events.publish(changes);
  return result;
}

/** The deal row inside a change, locked against a concurrent writer on PostgreSQL (SQLite serialises writers). */
export async function lockDeal(trx: Tx, db: Db, id: number): Promise<DealRow> {
  const row = await trx
    .selectFrom('deals')
    .selectAll()
    .where('id', '=', id)
    .$if(db.dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(DEAL_NOT_FOUND);
  return row as DealRow;
}
