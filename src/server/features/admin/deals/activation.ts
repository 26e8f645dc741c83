import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import { HttpError } from '../../../http/errors.js';
import { type ActivateBody, ACTIVATION_TASK_LABELS, ACTIVATION_TASKS, type ActivationTask } from '../../../../shared/schemas/admin/admin-deals.js';

/** One follow-up task of an activation; each throws (preferably an HttpError with a message for the admin) on failure. */
export type DealTask = (deps: AppDeps, dealId: number, actorId: number) => Promise<unknown>;
export type DealTasks = Record<ActivationTask, DealTask>;
/** ok with what the task reported (e.g. changed=false and a reason when there was nothing to do), or the error text. */
export type TaskOutcome = ({ ok: true } & Record<string, unknown>) | { ok: false; error: string };

export { DELETED_DEAL_ACTIVATION } from '../../deals/index.js';

/**
 * The requested follow-up tasks, in the order title, description, image, each after the activation has committed.
 * A failing task is reported and the next one still runs: the activation is never undone by a task.
 */
export async function runActivationTasks(
  deps: AppDeps,
  log: FastifyBaseLogger,
  tasks: DealTasks,
  actorId: number,
  id: number,
  requested: ActivateBody['processTasks'],
): Promise<Partial<Record<ActivationTask, TaskOutcome>>> {
  const outcomes: Partial<Record<ActivationTask, TaskOutcome>> = {};
  for (const name of ACTIVATION_TASKS) {
    if (!requested[name]) continue;
    try {
      const result = await tasks[name](deps, id, actorId);
      outcomes[name] = { ...(result && typeof result === 'object' ? result : {}), ok: true };
    } catch (err) {
      if (!(err instanceof HttpError)) log.error({ err, dealId: id, task: name }, 'activation task failed');
      outcomes[name] = { ok: false, error: err instanceof HttpError ? err.message : `The ${ACTIVATION_TASK_LABELS[name]} task failed` };
    }
  }
  return outcomes;
}
