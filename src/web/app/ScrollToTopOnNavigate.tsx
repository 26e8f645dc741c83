import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC §2: the page scrolls to the top on every path change (not on query-string changes). */
export function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
