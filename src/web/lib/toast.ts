import { toast as sonner } from 'sonner';

/** Toasts last 4 s by default and 10 s for success and error (SPEC §2 Global behaviour). */
export const TOAST_DEFAULT_MS = 4000;
export const TOAST_LONG_MS = 10_000;

export const toast = {
  success: (message: string) => sonner.success(message, { duration: TOAST_LONG_MS }),
  error: (message: string) => sonner.error(message, { duration: TOAST_LONG_MS }),
  warning: (message: string) => sonner.warning(message, { duration: TOAST_DEFAULT_MS }),
  info: (message: string) => sonner.info(message, { duration: TOAST_DEFAULT_MS }),
};
