import { useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { useDarkTheme } from '../../app/theme';
import { TOAST_DEFAULT_MS, toasterReady } from './toast';

/** Below the page's sticky header (its bar and, on wide screens, the sort links) with a gap, measured as it changes. */
const measure = () => Math.round((document.querySelector('header')?.getBoundingClientRect().height ?? 64) + 12);

function useHeaderClearance(): number {
  const [clearance, setClearance] = useState(measure);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setClearance(measure()));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return clearance;
}

/** The sonner Toaster (its own chunk). Its subscription is set up by the time this effect runs, so queued toasts show. */
export default function SonnerToaster() {
  useEffect(() => toasterReady(toast), []);
  // Toasts follow the site's theme (dark mode), not only the device's.
  const dark = useDarkTheme();
  // Below the sticky header, never over "Post a deal", the bell or the account menu while they last.
  const top = useHeaderClearance();
  return (
    <Toaster
      position="top-right"
      offset={{ top, right: 16 }}
      mobileOffset={{ top, left: 8, right: 8 }}
      richColors
      closeButton
      duration={TOAST_DEFAULT_MS}
      theme={dark ? 'dark' : 'light'}
    />
  );
}
