import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastRequested } from './toast';

const SonnerToaster = lazy(() => import('./SonnerToaster'));

/** Mounts the toaster once the page has loaded and the browser is idle, or at the first toast if that is sooner. */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const { waiting, unsubscribe } = onToastRequested(mount);
    if (waiting) mount();
    const idle = window.requestIdleCallback
      ? (() => {
          const id = window.requestIdleCallback(mount, { timeout: 5000 });
          return () => window.cancelIdleCallback(id);
        })()
      : (() => {
          const id = window.setTimeout(mount, 2000);
          return () => window.clearTimeout(id);
        })();
    return () => {
      unsubscribe();
      idle();
    };
  }, [mounted]);

  return mounted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
