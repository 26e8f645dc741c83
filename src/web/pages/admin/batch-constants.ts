/**
 * Every wait of the admin batch operations (SPEC §4 Batch operations, §9). Browser tests shorten them all at once:
 * a build made with VITE_E2E_FAST_BATCH=1, or a page where `window.__E2E_FAST_BATCH__` is set before the app loads
 * (Playwright's page.addInitScript), uses FAST_FACTOR of each wait so a journey does not sit through real pauses.
 */
declare global {
  interface Window {
    __E2E_FAST_BATCH__?: boolean;
  }
}

const FAST_FACTOR = 0.1;

export const BATCH_WAITS_MS = {
  /** Between two activations. */
  activateBetween: 5000,
  /** After a failed activation, before the next deal. */
  activateAfterFailure: 2000,
  /** The progress dialog closes this long after the last deal. */
  dialogClose: 2000,
  /** After each deal deleted in a batch. */
  deleteAfterSuccess: 500,
  /** After a failed delete in a batch. */
  deleteAfterFailure: 2000,
} as const;

export type BatchWait = keyof typeof BATCH_WAITS_MS;

export function fastBatch(): boolean {
  if (import.meta.env?.VITE_E2E_FAST_BATCH === '1') return true;
  return typeof window !== 'undefined' && window.__E2E_FAST_BATCH__ === true;
}

export function batchWait(name: BatchWait): number {
  const ms = BATCH_WAITS_MS[name];
  return fastBatch() ? Math.round(ms * FAST_FACTOR) : ms;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
