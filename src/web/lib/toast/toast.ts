import type { toast as SonnerToast } from 'sonner';

/** Toasts last 4 s by default and 10 s for success and error (SPEC §2 Global behaviour). */
export const TOAST_DEFAULT_MS = 4000;
export const TOAST_LONG_MS = 10_000;

/*
 * sonner (~10 KB gzip) is not part of the first load: <LazyToaster> fetches it when the browser is idle or when the
 * first toast is asked for, whichever comes first. Toasts asked for before its Toaster is mounted wait here and are
 * shown, in order, as soon as it is.
 */
type Show = (sonner: typeof SonnerToast) => void;

let sonner: typeof SonnerToast | null = null;
const pending: Show[] = [];
const requestListeners = new Set<() => void>();

function show(call: Show) {
  if (sonner) {
    call(sonner);
    return;
  }
  pending.push(call);
  for (const listener of requestListeners) listener();
}

/** Called by the mounted Toaster: from now on toasts go straight to sonner. */
export function toasterReady(instance: typeof SonnerToast) {
  sonner = instance;
  for (const call of pending.splice(0)) call(instance);
}

/** Lets <LazyToaster> hear of the first toast; true when one is already waiting. */
export function onToastRequested(listener: () => void): { waiting: boolean; unsubscribe: () => void } {
  requestListeners.add(listener);
  return { waiting: pending.length > 0, unsubscribe: () => requestListeners.delete(listener) };
}

export const toast = {
  success: (message: string) => show((s) => s.success(message, { duration: TOAST_LONG_MS })),
  error: (message: string) => show((s) => s.error(message, { duration: TOAST_LONG_MS })),
  warning: (message: string) => show((s) => s.warning(message, { duration: TOAST_DEFAULT_MS })),
  info: (message: string) => show((s) => s.info(message, { duration: TOAST_DEFAULT_MS })),
};
