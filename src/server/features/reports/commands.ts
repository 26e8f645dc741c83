import {
  EXPIRED_BY_REPORTS,
  NO_OPEN_REPORTS,
  REPORT_MESSAGES,
  type ReportAction,
  type ReportCreated,
  type ReportCreateInput,
  type ReportReason,
  type ReportResolution,
  type ReportResolved,
} from '../../../shared/schemas/admin/reports.js';
import type { UserRow } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { type Actor, DEAL_NOT_FOUND, type DealEvents, editDeal, expireDeal, type Tx } from '../deals/index.js';
import { logModeration } from '../moderation/index.js';
import { assertMayReport } from './policy.js';

type ReportDeps = Pick<AppDeps, 'db' | 'events' | 'config'>;

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === '23505';

/**
 * POST /deals/{id}/reports: a verified member reports an active deal that is not their own, once while their report is
 * open (the partial unique index settles a race). When REPORTS_TO_EXPIRE distinct members have open "expired" reports
 * on it, the deal expires at once through the lifecycle (origin 'reports', no actor), logged with the reason
 * "Expired after member reports"; alerts and caches hear of it like any other expiry.
 */
export async function createReport(deps: ReportDeps, user: UserRow, dealId: number, input: ReportCreateInput): Promise<ReportCreated> {
  const { db } = deps;
  const id = await db.kysely
    .transaction()
    .execute(async (trx) => {
      const deal = await trx.selectFrom('deals').select(['id', 'user_id', 'status', 'expires_at']).where('id', '=', dealId).executeTakeFirst();
      assertMayReport(user, deal);
      const open = await trx
        .selectFrom('deal_reports')
        .select('id')
        .where('deal_id', '=', dealId)
        .where('user_id', '=', user.id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (open) throw conflict(REPORT_MESSAGES.already);
      const row = await trx
        .insertInto('deal_reports')
        .values({
          deal_id: dealId,
          user_id: user.id,
          reason: input.reason,
          note: input.note ?? null,
          created_at: new Date().toISOString(),
          resolved_at: null,
          resolved_by: null,
          resolution: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    })
    .catch((err) => {
      if (!(err instanceof HttpError) && isUniqueViolation(err)) throw conflict(REPORT_MESSAGES.already);
      throw err;
    });

  let dealExpired = false;
  if (input.reason === 'expired') {
    const reporters = await db.kysely
      .selectFrom('deal_reports')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('deal_id', '=', dealId)
      .where('resolved_at', 'is', null)
      .where('reason', '=', 'expired')
      .executeTakeFirstOrThrow();
    if (Number(reporters.n) >= deps.config.trust.reportsToExpire) {
      const result = await expireDeal(deps, dealId, null, 'reports', EXPIRED_BY_REPORTS);
      dealExpired = result.changed && result.after.status === 'expired';
    }
  }
  return { id, dealExpired };
}

/** Closes a deal's open reports (all, or those of the given reasons) in the caller's transaction; answers how many. */
export async function closeOpenReports(
  trx: Tx,
  dealId: number,
  resolution: ReportResolution,
  actorId: number | null,
  atIso: string,
  reasons?: ReportReason[],
): Promise<number> {
  const open = trx
    .updateTable('deal_reports')
    .set({ resolved_at: atIso, resolved_by: actorId, resolution })
    .where('deal_id', '=', dealId)
    .where('resolved_at', 'is', null);
  const closed = await (reasons ? open.where('reason', 'in', reasons) : open).executeTakeFirst();
  return Number(closed.numUpdatedRows);
}

/**
 * Reports answered by a deal change, whoever made it (admin edit, sweep, member reports, owner): when a deal expires its
 * open "expired" reports are closed (the others stay for the team: an expired deal is still public); when it stops
 * being public (deleted, rejected, back to pending) every open report is. Runs in the change's transaction. A deal
 * removed for good takes its reports with it (ON DELETE CASCADE); the moderation log keeps the trail.
 */
export function closeReportsOnDealChanges(events: DealEvents): void {
  events.inTransaction('*', async (change, trx) => {
    const { before, after } = change;
    if (!before || !after || before.status === after.status || after.status === 'active') return;
    const actorId = change.actor?.id ?? null;
    if (after.status === 'expired') await closeOpenReports(trx, change.dealId, 'expire', actorId, change.at, ['expired']);
    else await closeOpenReports(trx, change.dealId, after.status === 'deleted' ? 'delete' : 'closed', actorId, change.at);
  });
}

/**
 * POST /admin/reports/{dealId}/resolve (moderators and administrators): closes every open report of the deal with the
 * team's action and carries the action out.
 * - dismiss: the deal stays as it is;
 * - expire: an active deal becomes expired;
 * - delete: the deal becomes `deleted` (the soft delete of the admin edit form: gone for the public, kept with its
 *   reports and votes for review, and an admin can reinstate it; DELETE /admin/deals/{id} still removes a row for good).
 * The reports, the 'report-resolve' log entry (with the reason) and the deal's change (backup 'report-resolve', its own
 * log entry 'expire' or 'delete' with the reason, events for alerts and caches) commit together in one lifecycle change.
 * A deal without open reports: 409 (another moderator got there first).
 */
export async function resolveReports(deps: ReportDeps, actor: Actor, dealId: number, action: ReportAction, reason: string | null): Promise<ReportResolved> {
  let resolved = 0;
  const logResolution = async (trx: Tx, title: string, atIso: string) => {
    resolved = await closeOpenReports(trx, dealId, action, actor.id, atIso);
    if (resolved === 0) throw conflict(NO_OPEN_REPORTS);
    await logModeration(trx, {
      actorId: actor.id,
      action: 'report-resolve',
      entityType: 'deal',
      entityId: dealId,
      entityTitle: title,
      after: { resolution: action, reports: resolved },
      reason,
      origin: 'admin',
    });
  };

  if (action === 'dismiss') {
    const status = await deps.db.kysely.transaction().execute(async (trx) => {
      const deal = await trx.selectFrom('deals').select(['id', 'title', 'status']).where('id', '=', dealId).executeTakeFirst();
      if (!deal) throw notFound(DEAL_NOT_FOUND);
      await logResolution(trx, deal.title, new Date().toISOString());
      return deal.status;
    });
    return { dealId, action, resolvedReports: resolved, dealStatus: status };
  }

  const target = action === 'expire' ? 'expired' : 'deleted';
  const result = await editDeal(deps, {
    id: dealId,
    actor,
    origin: 'admin',
    columns: async (before, trx) => {
      await logResolution(trx, before.title, new Date().toISOString());
      // Only an active deal expires; a deal already in the target state just has its reports closed.
      if (before.status === target || (action === 'expire' && before.status !== 'active')) return {};
      return { status: target };
    },
    backup: 'report-resolve',
    audit: (_before, _after, diff) => ({ action: action === 'expire' ? 'expire' : 'delete', reason, ...diff }),
  });
  return { dealId, action, resolvedReports: resolved, dealStatus: result.after.status };
}
