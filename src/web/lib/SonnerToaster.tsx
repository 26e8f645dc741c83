import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { useDarkTheme } from '../app/theme';
import { TOAST_DEFAULT_MS, toasterReady } from './toast';

/** The sonner Toaster (its own chunk). Its subscription is set up by the time this effect runs, so queued toasts show. */
export default function SonnerToaster() {
  useEffect(() => toasterReady(toast), []);
  // Toasts follow the site's theme (dark mode), not only the device's.
  const dark = useDarkTheme();
  return <Toaster position="top-right" richColors closeButton duration={TOAST_DEFAULT_MS} theme={dark ? 'dark' : 'light'} />;
}
