import { type BatchWait, batchWait, sleep } from '../../batch-constants';

/** What the progress dialog shows (SPEC §3 Batch progress). */
export interface BatchProgress {
  kind: 'activate' | 'delete';
  total: number;
  completed: number;
  current: string;
  error: string | null;
  done: boolean;
}

export interface BatchDeps {
  onProgress: (p: BatchProgress) => void;
  wait?: (name: BatchWait) => Promise<void>;
  /** Per-deal failures, for the console (SPEC §8 'Please check the console for details'). */
  log?: (message: string, err: unknown) => void;
}

export interface BatchResult {
  succeeded: number[];
  failed: number[];
  /** Non-fatal problems: the deal was activated but a follow-up task did not work. */
  warnings: string[];
}

const defaultWait = (name: BatchWait) => sleep(batchWait(name));
const reason = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Unknown error');

/** The result being collected and the progress being shown; each emit hands the dialog a fresh copy. */
function tracker(kind: BatchProgress['kind'], total: number, deps: BatchDeps) {
  const result: BatchResult = { succeeded: [], failed: [], warnings: [] };
  const p: BatchProgress = { kind, total, completed: 0, current: '', error: null, done: false };
  const emit = (patch: Partial<BatchProgress>) => {
    Object.assign(p, patch);
    deps.onProgress({ ...p });
  };
  const finish = (verb: string) => emit({ current: `Finished: ${result.succeeded.length} of ${total} deal(s) ${verb}.`, done: true });
  return { result, p, emit, finish, wait: deps.wait ?? defaultWait };
}

/**
 * SPEC §4 Batch activation: one deal at a time in selection order, 5 s between deals, 2 s after a failure (and the
 * next deal still runs). The caller reloads, clears the selection and closes the dialog once this resolves.
 */
export async function runBatchActivation(ids: number[], activate: (id: number) => Promise<string[]>, deps: BatchDeps): Promise<BatchResult> {
  const { result, p, emit, finish, wait } = tracker('activate', ids.length, deps);
  for (const [i, id] of ids.entries()) {
    emit({ current: `Activating deal #${id} (${i + 1} of ${ids.length})...` });
    try {
      const warnings = await activate(id);
      result.succeeded.push(id);
      result.warnings.push(...warnings);
      emit({ completed: p.completed + 1, error: warnings.length ? warnings.join(' ') : p.error });
    } catch (err) {
      result.failed.push(id);
      deps.log?.(`Failed to activate deal #${id}`, err);
      emit({ completed: p.completed + 1, error: `Failed to activate deal #${id}: ${reason(err)}` });
      if (i < ids.length - 1) {
        emit({ current: 'Continuing with the next deal in 2 seconds...' });
        await wait('activateAfterFailure');
      }
      continue;
    }
    if (i < ids.length - 1) {
      emit({ current: 'Waiting 5 seconds before the next deal...' });
      await wait('activateBetween');
    }
  }
  finish('activated');
  return result;
}

/**
 * SPEC §4 Batch deletion: one by one, a 500 ms pause after each success and 2 s after a failure, with
 * `onFailure` told 'Failed to delete deal {id}. Continuing with remaining deals...'.
 */
export async function runBatchDeletion(
  ids: number[],
  remove: (id: number) => Promise<unknown>,
  deps: BatchDeps & { onFailure: (message: string) => void },
): Promise<BatchResult> {
  const { result, p, emit, finish, wait } = tracker('delete', ids.length, deps);
  for (const [i, id] of ids.entries()) {
    emit({ current: `Deleting deal #${id} (${i + 1} of ${ids.length})...` });
    try {
      await remove(id);
      result.succeeded.push(id);
      emit({ completed: p.completed + 1 });
      await wait('deleteAfterSuccess');
    } catch (err) {
      result.failed.push(id);
      deps.log?.(`Failed to delete deal #${id}`, err);
      const message = `Failed to delete deal ${id}. Continuing with remaining deals...`;
      deps.onFailure(message);
      emit({ completed: p.completed + 1, error: message });
      await wait('deleteAfterFailure');
    }
  }
  finish('deleted');
  return result;
}
