import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { SiteConfig } from '../../../shared/schemas/site';
import { api } from '../../api/client';
import { useConsent } from './consent';

// Asked only when a script is configured and this device has no choice stored: otherwise never downloaded.
const ConsentBanner = lazy(() => import('./ConsentBanner').then((m) => ({ default: m.ConsentBanner })));

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
 * SPEC §2: the link-monetisation script loads 100 ms after first render and is reactivated 500 ms after each path change,
 * once the visitor has accepted it (PECR consent, docs/notes/data-rights.md: 100 ms after the Accept when it comes
 * later). Nothing happens when the server has no MONETISATION_SCRIPT_URL, and nothing of the script is requested
 * without consent. Taking consent back after the script ran reloads the page, so it is gone at once.
 */
export function MonetisationScript() {
  // The same query as api/site useSiteConfig, written here so this loader stays one chunk (no shared chunk to preload).
  const { data } = useQuery({ queryKey: ['site-config'], queryFn: () => api.get<SiteConfig>('/site-config'), staleTime: Number.POSITIVE_INFINITY });
  const configured = data?.monetisationScriptUrl;
  const consent = useConsent();
  const url = consent === 'accepted' ? configured : undefined;
  const { pathname } = useLocation();
  const loaded = useRef(false);

  useEffect(() => {
    if (loaded.current && consent === 'rejected') window.location.reload();
  }, [consent]);

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

  if (configured && consent === null) {
    return (
      <Suspense fallback={null}>
        <ConsentBanner />
      </Suspense>
    );
  }
  return null;
}
