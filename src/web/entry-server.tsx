/// <reference types="node" />
/**
 * The first screen drawn on the server (docs/notes/web-performance.md): the home page, browse and a deal's page arrive as HTML with their
 * deals in it, so a phone paints the cards (and their pictures, the Largest Contentful Paint) from the HTML instead of
 * after the app's JavaScript has loaded, run and asked for the deals. The browser then hydrates the same tree
 * (main.tsx) on the same data, which the page carries as JSON.
 *
 * Built by `vite build --ssr` into dist/ssr (package.json build:web) and imported by the server
 * (src/server/features/pages/first-screen), which answers this module's API requests in process as a visitor's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, StrictMode, useContext } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FirstScreen } from '../shared/first-screen';
import { setApiTransport } from './api/client';
import { toasterReady } from './lib/toast/toast';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { createQueryClient } from './app/query-client';

/** How a render's API requests are answered: fetch's shape, so the web API client is the same code on both sides. */
export type ApiFetch = typeof fetch;

interface Render {
  fetch: ApiFetch;
  /** An API answer was not a success: the page would show an error or an empty row, so it is not drawn here. */
  failed: boolean;
}

const renders = new AsyncLocalStorage<Render>();
// A toast asked for while drawing (a 429 from the API client) is shown nowhere, rather than kept for a Toaster that
// never mounts in this process.
const nowhere = () => '';
toasterReady({ success: nowhere, error: nowhere, info: nowhere, warning: nowhere, message: nowhere } as unknown as Parameters<typeof toasterReady>[0]);
setApiTransport(async (input, init) => {
  const render = renders.getStore();
  if (!render) throw new Error('API request outside a first-screen render');
  const res = await render.fetch(input, init);
  if (!res.ok) render.failed = true;
  return res;
});

/** A render's own query client: no retries (a failure means the browser draws the page), no timers left behind. */
function serverQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false, gcTime: Number.POSITIVE_INFINITY, staleTime: Number.POSITIVE_INFINITY },
  });
  return client;
}

/** The URL being drawn, for the router: one component for every render rather than one made per URL. */
const DrawnLocation = createContext('/');

function FixedRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(DrawnLocation)}>{children}</StaticRouter>;
}

/** The app drawn at `location` to the end (every lazy part loaded), or null when rendering failed. */
async function prerender(client: QueryClient, location: string, timeoutMs: number): Promise<string | null> {
  let broken = false;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <DrawnLocation.Provider value={location}>
        <App queryClient={client} Router={FixedRouter} />
      </DrawnLocation.Provider>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(timeoutMs),
      // Every Suspense boundary inline, in place: by default React sends a large one apart, with an inline script that
      // moves it into place once streamed, which this page has no use for (it is sent whole) and the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: () => {
        broken = true;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return broken ? null : Buffer.concat(chunks).toString('utf8');
}

/**
 * The first screen of `url` (path and query), or null when the page has none (not one of the three pages), one of its
 * API answers failed, or rendering failed or took longer than `timeoutMs`: the server then sends the plain app shell.
 */
export async function renderFirstScreen(url: string, fetchApi: ApiFetch, timeoutMs = 3000): Promise<FirstScreen | null> {
  const render: Render = { fetch: fetchApi, failed: false };
  return renders.run(render, async () => {
    const client = serverQueryClient();
    try {
      const { pathname, search } = new URL(url, 'http://first-screen.invalid');
      if (!(await prefetchFirstScreen(client, { pathname, search }, true))) return null;
      const queries = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'success' && q.state.data !== undefined);
      if (
        render.failed ||
        queries.length === 0 ||
        client
          .getQueryCache()
          .getAll()
          .some((q) => q.state.status === 'error')
      )
        return null;

      const html = await prerender(client, `${pathname}${search}`, timeoutMs);
      // Markup that needs an inline script to finish (which the CSP refuses) is not sent; see prerender.
      if (html === null || render.failed || html.includes('<script')) return null;
      return { html, queries: queries.map((q) => [q.queryKey, q.state.data, q.state.dataUpdatedAt]) };
    } catch {
      return null;
    } finally {
      client.clear();
    }
  });
}
