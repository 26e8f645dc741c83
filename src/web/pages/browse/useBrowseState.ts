import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyPatch, type BrowseState, needsDefaults, parseBrowse, toSearchParams } from './browse-params';

/** The browse state read from and written to the URL, the one source of truth (back and forward just work). */
export function useBrowseState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBrowse(params), [params]);

  useEffect(() => {
    // SPEC §2: the defaults status=active and sort=newest are written into the URL on first load, without a new entry.
    if (needsDefaults(params)) setParams(toSearchParams(parseBrowse(params)), { replace: true });
  }, [params, setParams]);

  const update = useCallback((patch: Partial<BrowseState>) => setParams(toSearchParams(applyPatch(state, patch))), [state, setParams]);
  const hrefFor = useCallback((page: number) => `?${toSearchParams({ ...state, page }).toString()}`, [state]);

  return { state, update, hrefFor };
}
