import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DRAWN_PAGES, type DrawnPageKind } from '../../../shared/first-screen.js';
import { type Answer, answer, sendAnswer } from '../../http/http-cache.js';
import { browsePageFeed, defaultFeed } from '../feeds/index.js';
import { firstScreenDrawer } from './first-screen/draw.js';
import { feedLink, firstCardHint, pictureHint } from './head.js';
import { pageExists, publicDeal } from './not-found.js';
import { dealCard, type SiteCard, siteCard } from './share-card.js';
import { renderPage, splitTemplate } from './template.js';

const HTML = 'text/html; charset=utf-8';
/** The SPA's HTML is revalidated on every load (its asset names change with each build); the ETag makes that a 304. */
const HTML_CACHE_CONTROL = 'no-cache';

/** Paths served as JSON 404s, never as the SPA: the API, uploads, and the feeds' XML. */
const NOT_SPA = /^\/(?:api|uploads|feeds|sitemaps)(?:[/?]|$)/;

const jsonNotFound = (reply: FastifyReply) => reply.status(404).send({ success: false, error: 'Not found' });
const sendHtml = (request: FastifyRequest, reply: FastifyReply, a: Answer, status = 200) => sendAnswer(request, reply, a, HTML_CACHE_CONTROL, status);
const pathOf = (url: string) => url.split('?', 1)[0];

/**
 * The HTML document of every page of the web app (docs/notes/feeds.md, "Share cards"): index.html with a share card in
 * <head> (the deal's own on a public deal's page, the site's on every other), the feed link of / and /dealsBrowse,
 * the picture the page paints first, and for the pages the server draws (shared/first-screen.ts DRAWN_PAGES) their
 * first screen. A path that is no page, and a missing or hidden deal, store or member, answer 404 with the site's
 * card (never anything of a hidden deal); the app in it draws the not-found page. Without a web build (API tests)
 * every unknown path is a JSON 404.
 */
export function registerPages(app: FastifyInstance, webRoot: string | undefined): void {
  if (!webRoot) {
    app.setNotFoundHandler((_request, reply) => jsonNotFound(reply));
    return;
  }
  const { db, config } = app.deps;
  const template = splitTemplate(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  // A site image for cards (1200x630 PNG, shipped by the web build as og-image.png) is used when there is one.
  const site: SiteCard = {
    title: template.title,
    description: template.description,
    publicUrl: config.publicUrl,
    image: fs.existsSync(path.join(webRoot, 'og-image.png')) ? `${config.publicUrl}/og-image.png` : undefined,
  };
  const generic = siteCard(site);
  const genericPage = answer(renderPage(template, generic), HTML);
  const draw = firstScreenDrawer(app, webRoot);
  const head = (...tags: string[]) => tags.filter(Boolean).join('\n    ');
  const mainFeed = feedLink(defaultFeed(config.publicUrl));
  const first = { page: 1, pageSize: 1, viewerId: null, withCount: false } as const;
  const homeHint = firstCardHint(app, { ...first, filters: { status: 'active', warmOnly: true }, sort: 'getting-warm' });
  const browseHint = firstCardHint(app, { ...first, filters: { status: 'active' }, sort: 'newest' });
  // The answer of each hint, kept while the hint stays the same (its ETag then stays the same too).
  const withHint = new Map<string, Answer>();
  const listPage = (hint: string): Answer => {
    let a = withHint.get(hint);
    if (!a) {
      if (withHint.size > 16) withHint.clear();
      a = answer(renderPage(template, generic, head(mainFeed, hint)), HTML);
      withHint.set(hint, a);
    }
    return a;
  };

  /** What each drawn page answers (shared/first-screen.ts DRAWN_PAGES names the paths), given its listed path. */
  const drawnPages: Record<DrawnPageKind, (url: string) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = {
    // The home page: the main feed, its first row's first picture, its first screen.
    home: (url) => async (request, reply) => sendHtml(request, reply, await draw(request, url, listPage(await homeHint()))),

    // The browse page: its view's feed; the plain page (no query) also its first picture and its first screen. Any
    // other filter combination is one more page to draw, each a few ms of CPU: those are the app shell.
    browse: (url) => async (request, reply) => {
      const feed = await browsePageFeed(db, config.publicUrl, request.url);
      if (feed) return sendHtml(request, reply, answer(renderPage(template, generic, feedLink(feed)), HTML));
      if (request.url !== url) return sendHtml(request, reply, listPage(''));
      return sendHtml(request, reply, await draw(request, url, listPage(await browseHint())));
    },

    // A deal's page: a public deal's own card, picture and first screen. Pending, rejected, deleted, missing and
    // malformed ids look alike: 404 and the generic card, nothing of the deal.
    deal: (url) => async (request, reply) => {
      const deal = await publicDeal(db, (request.params as { id: string }).id);
      if (!deal) return sendHtml(request, reply, genericPage, 404);
      const page = answer(renderPage(template, dealCard(deal, site), pictureHint(deal)), HTML);
      return sendHtml(request, reply, await draw(request, url.replace(':id', String(deal.id)), page));
    },
  };
  for (const [url, kind] of Object.entries(DRAWN_PAGES)) app.get(url, { schema: { hide: true } }, drawnPages[kind](url));

  // Every other page of the app gets the generic card; a path that is no page, a missing store or member, 404.
  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(request.url)) return jsonNotFound(reply);
    return sendHtml(request, reply, genericPage, (await pageExists(db, pathOf(request.url))) ? 200 : 404);
  });
}
