import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_WAITS_MS, batchWait } from './batch-constants';

const g = globalThis as { window?: { __E2E_FAST_BATCH__?: boolean } };

describe('batch waits (SPEC §9)', () => {
  afterEach(() => {
    delete g.window;
  });

  it('are the spec values by default', () => {
    expect(BATCH_WAITS_MS).toEqual({ activateBetween: 5000, activateAfterFailure: 2000, dialogClose: 2000, deleteAfterSuccess: 500, deleteAfterFailure: 2000 });
    expect(batchWait('activateBetween')).toBe(5000);
  });

  it('shrink together when a test sets window.__E2E_FAST_BATCH__', () => {
    g.window = { __E2E_FAST_BATCH__: true };
    expect(batchWait('activateBetween')).toBe(500);
    expect(batchWait('deleteAfterSuccess')).toBe(50);
  });
});
