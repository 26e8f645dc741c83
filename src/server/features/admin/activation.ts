import type { FastifyInstance } from 'fastify';
import { hotScore } from '../../../shared/domain/temperature.js';
import type { DealUpdate } from '../../db/schema.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { backupDeal } from '../deals/backups.js';
import { invalidateDealCounts } from '../deals/count-cache.js';
import { lockDeal } from './deal-commands.js';
import { changedFields, logModeration } from './moderation-log.js';
import type { ActivateBody } from './schemas.js';

export const ACTIVATION_TASKS = ['improveTitle', 'generateDescription', 'localizeImage'] as const;
export type ActivationTask = (typeof ACTIVATION_TASKS)[number];
/** One follow-up task of an activation; each throws (preferably an HttpError with a message for the admin) on failure. */
export type DealTask = (app: FastifyInstance, dealId: number, actorId: number) => Promise<unknown>;
export type DealTasks = Record<ActivationTask, DealTask>;
/** ok with what the task reported (e.g. changed=false and a reason when there was nothing to do), or the error text. */
export type TaskOutcome = ({ ok: true } & Record<string, unknown>) | { ok: false; error: string };

export const DELETED_DEAL_ACTIVATION = 'A deleted deal cannot be activated';

/**
 * pending, rejected or expired -> active as ONE transaction: backup, status, first publication time (a deal that was
 * never public enters "newest" now), hot score, and the log entry. An expired deal keeps its publication time and
 * expiry: reinstating it does not make it new. A deleted deal stays deleted.
 */
export async function activateDeal(app: FastifyInstance, actorId: number, id: number): Promise<{ activated: boolean; previousStatus: string }> {
  const { db } = app.deps;
  const result = await db.kysely.transaction().execute(async (trx) => {
    const before = await lockDeal(trx, db, id);
    if (before.status === 'deleted') throw badRequest(DELETED_DEAL_ACTIVATION);
    if (before.status === 'active') return { activated: false, previousStatus: before.status };
    const nowIso = new Date().toISOString();
    const firstPublication = before.status === 'pending' || before.status === 'rejected';
    const publishedAt = firstPublication ? nowIso : before.published_at;
    const cols: DealUpdate = { status: 'active', published_at: publishedAt, hot_score: hotScore(before.temperature, Date.parse(publishedAt)) };
    await backupDeal(trx, id, 'activate', actorId);
    await trx.updateTable('deals').set({ ...cols, updated_at: nowIso }).where('id', '=', id).execute();
    await logModeration(trx, {
      actorId,
      action: 'activate',
      entityType: 'deal',
      entityId: id,
      entityTitle: before.title,
      ...changedFields(before as unknown as Record<string, unknown>, cols as Record<string, unknown>),
    });
    return { activated: true, previousStatus: before.status };
  });
  if (result.activated) invalidateDealCounts(db);
  return result;
}

/**
 * The requested follow-up tasks, in the order title, description, image, each after the activation has committed.
 * A failing task is reported and the next one still runs: the activation is never undone by a task.
 */
export async function runActivationTasks(
  app: FastifyInstance,
  tasks: DealTasks,
  actorId: number,
  id: number,
  requested: ActivateBody['processTasks'],
): Promise<Partial<Record<ActivationTask, TaskOutcome>>> {
  const outcomes: Partial<Record<ActivationTask, TaskOutcome>> = {};
  for (const name of ACTIVATION_TASKS) {
    if (!requested[name]) continue;
    try {
      const result = await tasks[name](app, id, actorId);
      outcomes[name] = { ...(result && typeof result === 'object' ? result : {}), ok: true };
    } catch (err) {
      if (!(err instanceof HttpError)) app.log.error({ err, dealId: id, task: name }, 'activation task failed');
      outcomes[name] = { ok: false, error: err instanceof HttpError ? err.message : `The ${TASK_LABELS[name]} task failed` };
    }
  }
  return outcomes;
}

const TASK_LABELS: Record<ActivationTask, string> = {
  improveTitle: 'improve title',
  generateDescription: 'generate description',
  localizeImage: 'localize image',
};
