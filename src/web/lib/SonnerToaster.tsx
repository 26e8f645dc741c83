import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { useDarkTheme } from '../app/theme';
import { TOAST_DEFAULT_MS, toasterReady } from './toast';

/** The header's height and a gap: toasts start below it. */
const HEADER_CLEARANCE = 76;

/** The sonner Toaster (its own chunk). Its subscription is set up by the time this effect runs, so queued toasts show. */
export default function SonnerToaster() {
  useEffect(() => toasterReady(toast), []);
  // Toasts follow the site's theme (dark mode), not only the device's.
  const dark = useDarkTheme();
  // Below the sticky header (64 px), never over "Post a deal", the bell or the account menu while they last.
  return (
    <Toaster
      position="top-right"
      offset={{ top: HEADER_CLEARANCE, right: 16 }}
      mobileOffset={{ top: HEADER_CLEARANCE, left: 8, right: 8 }}
      richColors
      closeButton
      duration={TOAST_DEFAULT_MS}
      theme={dark ? 'dark' : 'light'}
    />
  );
}
