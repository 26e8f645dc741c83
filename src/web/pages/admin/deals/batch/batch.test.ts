import { describe, expect, it } from 'vitest';
import { BATCH_WAITS_MS, type BatchWait } from '../../batch-constants';
import { type BatchProgress, runBatchActivation, runBatchDeletion } from './batch';

function recorder() {
  const events: string[] = [];
  const progress: BatchProgress[] = [];
  const wait = async (name: BatchWait) => {
    events.push(`wait ${name} ${BATCH_WAITS_MS[name]}`);
  };
  /** The activation call: records it, and fails for `failing` as the server would for a missing deal. */
  const activate =
    (failing?: number) =>
    async (id: number): Promise<string[]> => {
      events.push(`activate ${id}`);
      if (id === failing) throw new Error('Deal not found');
      return [];
    };
  return { events, progress, wait, activate, onProgress: (p: BatchProgress) => progress.push(p) };
}

describe('batch activation', () => {
  it('activates in selection order, waiting 5 s between deals and not after the last', async () => {
    const r = recorder();
    const result = await runBatchActivation([7, 3, 9], r.activate(), r);
    expect(r.events).toEqual(['activate 7', 'wait activateBetween 5000', 'activate 3', 'wait activateBetween 5000', 'activate 9']);
    expect(result.succeeded).toEqual([7, 3, 9]);
    const last = r.progress.at(-1)!;
    expect(last).toMatchObject({ total: 3, completed: 3, done: true, error: null });
  });

  it('shows a failure, waits 2 s and carries on', async () => {
    const r = recorder();
    const result = await runBatchActivation([1, 2, 3], r.activate(2), r);
    expect(r.events).toEqual(['activate 1', 'wait activateBetween 5000', 'activate 2', 'wait activateAfterFailure 2000', 'activate 3']);
    expect(result).toMatchObject({ succeeded: [1, 3], failed: [2] });
    expect(r.progress.some((p) => p.error === 'Failed to activate deal #2: Deal not found')).toBe(true);
  });

  it('reports a follow-up task problem without counting the deal as failed', async () => {
    const r = recorder();
    const result = await runBatchActivation([4], async () => ['Deal #4 activated; improve title failed: AI down.'], r);
    expect(result.succeeded).toEqual([4]);
    expect(result.warnings).toHaveLength(1);
    expect(r.progress.at(-1)!.error).toContain('improve title failed');
  });
});

describe('batch deletion', () => {
  it('pauses 500 ms after a success and 2 s after a failure, with the continuing message', async () => {
    const r = recorder();
    const failures: string[] = [];
    const result = await runBatchDeletion(
      [5, 6],
      async (id) => {
        r.events.push(`delete ${id}`);
        if (id === 6) throw new Error('boom');
      },
      { ...r, onFailure: (m) => failures.push(m) },
    );
    expect(r.events).toEqual(['delete 5', 'wait deleteAfterSuccess 500', 'delete 6', 'wait deleteAfterFailure 2000']);
    expect(failures).toEqual(['Failed to delete deal 6. Continuing with remaining deals...']);
    expect(result).toMatchObject({ succeeded: [5], failed: [6] });
  });
});
