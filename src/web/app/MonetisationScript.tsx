import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { SiteConfig } from '../../shared/schemas/site';
import { api } from '../api/client';

export const LOAD_DELAY_MS = 100;
export const REACTIVATE_DELAY_MS = 500;

declare global {
  interface Window {
    /** Link-monetisation providers expose a re-scan hook; we call whichever is present. */
    vglnk?: { reload?: () => void };
    skimlinksAPI?: { reload?: () => void };
    QuidsInMonetise?: { reactivate?: () => void };
  }
}

function reactivate() {
  window.QuidsInMonetise?.reactivate?.();
  window.vglnk?.reload?.();
  window.skimlinksAPI?.reload?.();
}

/**
 * SPEC §2: the link-monetisation script loads 100 ms after first render and is reactivated 500 ms after each path change.
 * Nothing happens when the server has no MONETISATION_SCRIPT_URL.
 */
export function MonetisationScript() {
  // The same query as api/site useSiteConfig, written here so this loader stays one chunk (no shared chunk to preload).
  const { data } = useQuery({ queryKey: ['site-config'], queryFn: () => api.get<SiteConfig>('/site-config'), staleTime: Number.POSITIVE_INFINITY });
  const url = data?.monetisationScriptUrl;
  const { pathname } = useLocation();
  const loaded = useRef(false);

  useEffect(() => {
    if (!url || loaded.current) return;
    const timer = setTimeout(() => {
      loaded.current = true;
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.dataset.monetisation = 'true';
      document.body.appendChild(script);
    }, LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger (SPEC §2: reactivated after each path change), not an input.
  useEffect(() => {
    if (!url || !loaded.current) return;
    const timer = setTimeout(reactivate, REACTIVATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, url]);

  return null;
}
