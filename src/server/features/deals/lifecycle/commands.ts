import { hotScore } from '../../../../shared/domain/deals/temperature.js';
import type { DealRow, DealUpdate, NewDeal } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { type BackupReason, backupDeal, changedFields } from '../../moderation/index.js';
import { type ChangeScope, inDealChange, type LifecycleDeps, lockDeal, type Tx } from './change.js';
import type { Actor, AuditNote, ChangeOrigin } from './events.js';
import { dealFiles } from './images.js';
import { statusColumns } from './rules.js';

export const DELETED_DEAL_ACTIVATION = 'A deleted deal cannot be activated';

/** The columns a creator chooses; the lifecycle sets the times and the score. */
export type NewDealColumns = Omit<
  NewDeal,
  'id' | 'created_at' | 'updated_at' | 'published_at' | 'hot_score' | 'upvotes' | 'downvotes' | 'temperature' | 'comment_count'
>;

export interface CreateRequest {
  columns: NewDealColumns;
  actor: Actor | null;
  origin: ChangeOrigin;
  /** Logged as a team action. */
  audit?: boolean;
  /** Extra writes of the same transaction before and after the insert (e.g. the scraper claiming an item's keys). */
  beforeInsert?: (trx: Tx) => Promise<void>;
  afterInsert?: (trx: Tx, dealId: number) => Promise<void>;
}

/** A new deal, whatever its path: member post, admin create, scraper import. */
export async function createDeal(deps: LifecycleDeps, req: CreateRequest): Promise<number> {
  return inDealChange(deps, async ({ trx, nowIso, record }) => {
    await req.beforeInsert?.(trx);
    const after = (await trx
      .insertInto('deals')
      .values({ ...req.columns, created_at: nowIso, updated_at: nowIso, published_at: nowIso, hot_score: hotScore(0, Date.parse(nowIso)) })
      .returningAll()
      .executeTakeFirstOrThrow()) as DealRow;
    await req.afterInsert?.(trx, after.id);
    const audit: AuditNote | null = req.audit
      ? { action: 'create', after: { title: after.title, status: after.status, category_id: after.category_id, store_id: after.store_id } }
      : null;
    record({ dealId: after.id, actor: req.actor, origin: req.origin, before: null, after, audit });
    return after.id;
  });
}

export interface EditRequest {
  id: number;
  actor: Actor | null;
  origin: ChangeOrigin;
  /** Refuses the change once the current row is known (ownership, state). */
  authorize?: (before: DealRow) => void;
  /** The columns to set, worked out from the current row; may throw a validation error. */
  columns: (before: DealRow, trx: Tx) => DealUpdate | Promise<DealUpdate>;
  backup: BackupReason | ((before: DealRow) => BackupReason);
  /** The moderation-log entry for this change, if it is one the team answers for. */
  audit?: (before: DealRow, after: DealRow, diff: { before: Record<string, unknown>; after: Record<string, unknown> }) => AuditNote | null;
}

export interface EditResult {
  changed: boolean;
  before: DealRow;
  after: DealRow;
}

/**
 * Every change of an existing deal: locked row, the requested columns plus what a status change implies (first
 * publication), a backup of the row before, the update, and the change recorded for the subscribers. An edit that
 * changes nothing writes nothing.
 */
export async function editDeal(deps: LifecycleDeps, req: EditRequest): Promise<EditResult> {
  return inDealChange(deps, (scope) => editInScope(deps, scope, req));
}

async function editInScope(deps: LifecycleDeps, { trx, nowIso, record }: ChangeScope, req: EditRequest): Promise<EditResult> {
  const before = await lockDeal(trx, deps.db, req.id);
  req.authorize?.(before);
  const cols: DealUpdate = { ...(await req.columns(before, trx)) };
  if (cols.status !== undefined) Object.assign(cols, statusColumns(before, cols.status, nowIso));
  const diff = changedFields(before as unknown as Record<string, unknown>, cols as Record<string, unknown>);
  if (Object.keys(diff.after).length === 0) return { changed: false, before, after: before };
  await backupDeal(trx, before, typeof req.backup === 'function' ? req.backup(before) : req.backup, req.actor?.id ?? null);
  const after = (await trx
    .updateTable('deals')
    .set({ ...cols, updated_at: nowIso })
    .where('id', '=', req.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as DealRow;
  record({ dealId: req.id, actor: req.actor, origin: req.origin, before, after, audit: req.audit?.(before, after, diff) ?? null });
  return { changed: true, before, after };
}

/**
 * pending, rejected or expired -> active: an admin's decision (SPEC §6), whichever screen asks. A deal that was never
 * public enters "newest" now; an expired one keeps its publication time. A deleted deal stays deleted.
 */
export async function activateDeal(deps: LifecycleDeps, id: number, actor: Actor): Promise<{ activated: boolean; previousStatus: string }> {
  const result = await editDeal(deps, {
    id,
    actor,
    origin: 'admin',
    authorize: (before) => {
      if (before.status === 'deleted') throw badRequest(DELETED_DEAL_ACTIVATION);
    },
    columns: () => ({ status: 'active' }),
    backup: 'activate',
    audit: (_b, _a, diff) => ({ action: 'activate', ...diff }),
  });
  return { activated: result.changed, previousStatus: result.before.status };
}

/** active -> expired for one deal (an admin, or members' reports): logged with its reason when someone answers for it. */
export async function expireDeal(deps: LifecycleDeps, id: number, actor: Actor | null, origin: ChangeOrigin, reason: string | null): Promise<EditResult> {
  return editDeal(deps, {
    id,
    actor,
    origin,
    columns: (before) => (before.status === 'active' ? { status: 'expired' } : {}),
    backup: 'expire',
    audit: (_b, _a, diff) => ({ action: 'expire', reason, ...diff }),
  });
}

const SWEEP_BATCH = 500;

/**
 * Active deals whose expiry date has passed become expired, in small batches (SQLite has one writer). Each deal is a
 * change like any other, so caches and subscribers hear of it.
 */
export async function expireLapsedDeals(deps: LifecycleDeps, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  let total = 0;
  for (;;) {
    const n = await inDealChange(deps, async ({ trx, record }) => {
      const due = (await trx
        .selectFrom('deals')
        .selectAll()
        .where('status', '=', 'active')
        .where('expires_at', '<=', nowIso)
        .limit(SWEEP_BATCH)
        .execute()) as DealRow[];
      if (due.length === 0) return 0;
      const updated = (await trx
        .updateTable('deals')
        .set({ status: 'expired', updated_at: nowIso })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .where('status', '=', 'active')
        .returningAll()
        .execute()) as DealRow[];
      const before = new Map(due.map((d) => [d.id, d]));
      for (const after of updated) record({ dealId: after.id, actor: null, origin: 'sweep', before: before.get(after.id) ?? null, after });
      return due.length;
    });
    total += n;
    if (n < SWEEP_BATCH) break;
  }
  return total;
}

export interface DeleteRequest {
  id: number;
  actor: Actor;
  origin: ChangeOrigin;
  authorize?: (before: DealRow) => void;
  audit: (before: DealRow) => boolean;
}

/**
 * Deletes a deal for good: votes, saves, comments and backups go with it (ON DELETE CASCADE on both engines), the
 * moderation log keeps the last row. Image files (the deal's and its backups') are removed after the commit, so a
 * failed delete never leaves a deal without its picture, and never when another deal still shows them.
 */
export async function deleteDeal(deps: LifecycleDeps, req: DeleteRequest): Promise<void> {
  await inDealChange(deps, (scope) => deleteDealIn(scope, deps, req));
}

/** deleteDeal inside a change that does more in the same transaction (an account's deletion removes its pending deals). */
export async function deleteDealIn({ trx, record, removeFilesAfterCommit }: ChangeScope, deps: LifecycleDeps, req: DeleteRequest): Promise<void> {
  const before = await lockDeal(trx, deps.db, req.id);
  req.authorize?.(before);
  removeFilesAfterCommit(await dealFiles(trx, before));
  await trx.deleteFrom('deals').where('id', '=', req.id).execute();
  record({ dealId: req.id, actor: req.actor, origin: req.origin, before, after: null, audit: req.audit(before) ? { action: 'delete', before } : null });
}
