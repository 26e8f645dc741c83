import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Answer, answer } from '../../../http/http-cache.js';
import { withFirstScreen } from './document.js';
import { createFirstScreens, type FirstScreens } from './first-screens.js';
import { type FirstScreen, loadFirstScreenRenderer } from './renderer.js';

export type DrawFirstScreen = (request: FastifyRequest, url: string, page: Answer) => Promise<Answer>;

/**
 * The pages of shared/first-screen.ts DRAWN_PAGES come with their first screen drawn when the build has the
 * web's server entry: `draw(request, url, page)` is the page's answer with the screen of `url` in it, or the page as it
 * is (the app shell) when none can be drawn now. The renderer is loaded with the first page asked for (React's server
 * renderer and the app: ~25 MB a process serving only the API never needs). The answer with a given screen in it is
 * made once (its ETag stays the same while the screen does).
 */
export function firstScreenDrawer(app: FastifyInstance, webRoot: string): DrawFirstScreen {
  let firstScreens: Promise<FirstScreens | undefined> | undefined;
  const renderer = () => {
    firstScreens ??= loadFirstScreenRenderer(webRoot, (err) => app.log.warn({ err }, 'first-screen renderer not loaded')).then(
      (r) => r && createFirstScreens(app, r),
    );
    return firstScreens;
  };
  const screenOf = (request: FastifyRequest, url: string) => renderer().then((draw) => draw?.(request, url) ?? null);
  const drawn = new WeakMap<FirstScreen, Map<string, Answer>>();
  return async (request, url, page) => {
    const screen = await screenOf(request, url);
    if (!screen) return page;
    let byPage = drawn.get(screen);
    if (!byPage) {
      byPage = new Map();
      drawn.set(screen, byPage);
    }
    let a = byPage.get(page.etag);
    if (!a) {
      a = answer(withFirstScreen(page.body.toString('utf8'), screen), page.contentType);
      byPage.set(page.etag, a);
    }
    return a;
  };
}
