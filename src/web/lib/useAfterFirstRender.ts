import { startTransition, useEffect, useState } from 'react';

/**
 * False in the first render, then true in a transition (docs/notes/web-performance.md). A page draws what is below its first screen once
 * this is true: the server's first-screen render (web/entry-server.tsx) and the browser's hydration of it are both a
 * first render, so the HTML carries only the first screen (less to download, parse and lay out before the first paint)
 * and hydration matches it; the rest is then drawn in slices that yield to the browser.
 */
export function useAfterFirstRender(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}
