import { useEffect } from 'react';

/** Sets the browser tab title as '{title} — QuidsIn' while the page is shown. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} — QuidsIn`;
  }, [title]);
}
