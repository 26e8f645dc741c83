import type { FastifyInstance, FastifyRequest } from 'fastify';
import { freshAfterSoftWrites } from '../../../plugins/read-cache/soft-writes.js';
import type { FirstScreen, FirstScreenRenderer } from './renderer.js';

export interface FirstScreensOptions {
  /** How long a drawn page is reused while no write has happened (ms). */
  ttlMs?: number;
  maxEntries?: number;
  /** Pages drawn at once; past it a request gets the app shell rather than waiting (a crawler cannot queue renders). */
  maxConcurrent?: number;
  /** A render that takes longer is given up (the app shell is sent). */
  timeoutMs?: number;
}

interface Kept {
  screen: Promise<FirstScreen | null>;
  generation: number;
  shared: string;
  /** When it was drawn: soft writes after it age it out sooner, as they do the answers it was drawn from. */
  asOf: number;
  expires: number;
}

/**
 * The first screens of pages (docs/notes/web-performance.md), drawn by the web build's server entry on the API's own answers to a visitor,
 * asked for in process (`app.inject`, so through the anonymous read cache: the same bytes a browser would get).
 *
 * A drawn page is kept per URL and reused until it expires or data may have changed: it is tagged with the anonymous
 * cache's write generation (every API write moves it) and, with several processes, the shared one, exactly as the
 * cached API answers are, so a page never shows older data than the API would (soft writes, such as votes, age it out
 * within their window instead: plugins/read-cache/soft-writes.ts). Concurrent requests for one URL share
 * one render. Null means "send the app shell": no first screen for that page, a failed answer, or too busy.
 */
export function createFirstScreens(app: FastifyInstance, renderer: FirstScreenRenderer, opts: FirstScreensOptions = {}) {
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 200;
  const maxConcurrent = opts.maxConcurrent ?? 4;
  const timeoutMs = opts.timeoutMs ?? 3_000;
  const kept = new Map<string, Kept>();
  let rendering = 0;

  const fetchApi: typeof fetch = async (input, init) => {
    if (init?.method && init.method !== 'GET') throw new Error('first-screen renders only read');
    const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json' } });
    return new Response(res.payload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };

  return async function firstScreen(request: FastifyRequest, url: string): Promise<FirstScreen | null> {
    const cache = app.anonymousCache;
    const generation = cache?.generation ?? 0;
    // Another process's write cannot be ruled out now (Redis away): no page is reused or drawn.
    const view = cache ? await cache.readView(request) : { shared: '', softAt: 0, memberAt: 0 };
    if (view === undefined) return null;
    const now = Date.now();
    const entry = kept.get(url);
    if (entry && entry.generation === generation && entry.shared === view.shared && entry.expires > now && freshAfterSoftWrites(entry.asOf, view, now)) {
      return entry.screen;
    }
    if (rendering >= maxConcurrent) return null;
    rendering++;
    const screen = renderer
      .renderFirstScreen(url, fetchApi, timeoutMs)
      .catch((err: unknown) => {
        app.log.warn({ err }, 'first screen render failed');
        return null;
      })
      .finally(() => {
        rendering--;
      });
    kept.delete(url);
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
    kept.set(url, { screen, generation, shared: view.shared, asOf: now, expires: now + ttlMs });
    // A write while it was drawn: it may show data from before the write, so it serves this request only.
    void screen.then(() => {
      if ((cache?.generation ?? 0) !== generation && kept.get(url)?.screen === screen) kept.delete(url);
    });
    return screen;
  };
}

export type FirstScreens = ReturnType<typeof createFirstScreens>;
