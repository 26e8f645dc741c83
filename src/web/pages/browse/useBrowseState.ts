import { startTransition, useCallback, useEffect, useMemo, useOptimistic } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { applyPatch, type BrowseState, needsDefaults, parseBrowse, toSearchParams } from './browse-params';

/** The query string of a state, with the deal-type list's commas left readable (dealType=hot,free). */
export const searchString = (state: BrowseState) => `?${toSearchParams(state).toString().replace(/%2C/gi, ',')}`;

/** The browse state read from and written to the URL, the one source of truth (back and forward just work). */
export function useBrowseState() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseBrowse(params), [params]);

  useEffect(() => {
    // SPEC §2: the defaults status=active and sort=newest are written into the URL on first load, without a new entry.
    // Only while the URL is still the one read: on a page the server drew, the reader may have searched or left before
    // this first effect runs (after hydration), and that newer URL must stand.
    if (needsDefaults(params) && window.location.pathname === pathname && window.location.search === search) {
      navigate({ pathname, search: searchString(parseBrowse(params)) }, { replace: true });
    }
  }, [params, pathname, search, navigate]);

  // The router applies a new URL in a transition, which on a slow device lags behind the click; the controls show the
  // choice at once (optimistically) and the URL catches up, so a ticked box never flicks back while the list loads.
  const [shown, show] = useOptimistic(state);
  const update = useCallback(
    (patch: Partial<BrowseState>) => {
      const next = applyPatch(shown, patch);
      startTransition(() => {
        show(next);
        navigate({ pathname, search: searchString(next) });
      });
    },
    [shown, show, pathname, navigate],
  );
  const hrefFor = useCallback((page: number) => searchString({ ...shown, page }), [shown]);

  return { state: shown, update, hrefFor };
}
