import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The path the app last showed (one app per page); null before its first. */
let shownPath: string | null = null;

/**
 * SPEC §2: the page scrolls to the top on every path change (not on query-string changes). Not on the first load: the
 * browser starts a page at its top (or where a reload was), and a page the server drew may already have been scrolled
 * by the reader before it was hydrated.
 */
export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (shownPath !== null && shownPath !== pathname) window.scrollTo(0, 0);
    shownPath = pathname;
  }, [pathname]);
  return null;
}
