import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { visibleImageSrc, VISITOR } from '../../../shared/domain/deal-image.js';
import { dealList, type DealListRequest, findDealWithRefs } from '../deals/index.js';
import { withFirstScreen } from './first-screen/document.js';
import { createFirstScreens, type FirstScreens } from './first-screen/first-screens.js';
import { type FirstScreen, loadFirstScreenRenderer } from './first-screen/renderer.js';
import { FEED_PATH, feedParamsOfBrowsePage, parseFeedParams, viewNames, viewTitle, withParams } from '../feeds/browse-view.js';
import { type Answer, answer, sendAnswer } from '../../http/http-cache.js';
import { decodeEntities, escapeHtml } from '../../http/markup.js';
import { type Card, cardHtml, dealCard, hasCard, type SiteCard, siteCard } from './share-card.js';

const HTML = 'text/html; charset=utf-8';
/** The SPA's HTML is revalidated on every load (its asset names change with each build); the ETag makes that a 304. */
const HTML_CACHE_CONTROL = 'no-cache';

/** index.html cut once at start around the place where the per-page head goes. */
export interface PageTemplate {
  /** Up to where <title> was (the title and the description meta are taken out). */
  before: string;
  /** The rest of the document. */
  after: string;
  /** The template's own title and description, as text: the generic card. */
  title: string;
  description: string;
}

const TITLE_RE = /[ \t]*<title[^>]*>([\s\S]*?)<\/title\s*>[ \t]*\r?\n?/i;
const DESCRIPTION_RE = /[ \t]*<meta\s[^>]*name\s*=\s*["']description["'][^>]*>[ \t]*\r?\n?/i;
const CONTENT_RE = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** Finds <head>'s title and description in the built index.html (string search, once: no DOM parse per request). */
export function splitTemplate(html: string): PageTemplate {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd < 0) return { before: html, after: '', title: 'QuidsIn', description: '' };
  let head = html.slice(0, headEnd);
  const t = TITLE_RE.exec(head);
  let at = head.length;
  let title = 'QuidsIn';
  if (t) {
    title = decodeEntities(t[1].trim());
    head = head.slice(0, t.index) + head.slice(t.index + t[0].length);
    at = t.index;
  }
  const d = DESCRIPTION_RE.exec(head);
  let description = '';
  if (d) {
    const c = CONTENT_RE.exec(d[0]);
    description = decodeEntities(c?.[1] ?? c?.[2] ?? '');
    head = head.slice(0, d.index) + head.slice(d.index + d[0].length);
    if (d.index < at) at -= d[0].length;
  }
  return { before: head.slice(0, at), after: head.slice(at) + html.slice(headEnd), title, description };
}

/**
 * The page with a card (and any extra head tags) where the template's title was. No modulepreload of the page's
 * chunks: tried (issue 16), they raised Lighthouse's mobile Total Blocking Time on all three first-screen pages
 * (home ~100 -> ~270 ms, median of 3, A/B runs alternated) and delayed the first paint (1.8 -> 2.1 s).
 */
export function renderPage(template: PageTemplate, card: Card, extraHead = ''): string {
  return `${template.before}    ${cardHtml(card)}${extraHead ? `\n    ${extraHead}` : ''}\n${template.after}`;
}

/** <link rel="alternate"> advertising a deal feed. */
export const feedLink = (title: string, href: string) =>
  `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(title)}" href="${escapeHtml(href)}" />`;

/**
 * The deal page's picture (its largest paint) fetched with the HTML's other first requests: the page itself can only
 * ask for it once its script has run and the deal has arrived, ~1 s later on a phone (Lighthouse mobile, issue 16).
 * The same picture DealImage draws for a visitor (shared/domain/deal-image.ts), so the browser uses what it preloaded.
 */
export function pictureHint(deal: { image_url: string | null; thumbnail_url: string | null; status: string; user_id: number | null }): string {
  return pictureLink(visibleImageSrc({ imageUrl: deal.image_url, thumbnailUrl: deal.thumbnail_url, status: deal.status, userId: deal.user_id }, VISITOR, 'full'));
}

const pictureLink = (src: string | null) => (src ? `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />` : '');

/** How long the home and browse pages' picture hint is reused before the first card is looked up again. */
export const CARD_HINT_TTL_MS = 15_000;

/**
 * The same for the lists: the first card's picture (the thumbnail DealCard draws) of the home page's first row
 * (Getting Warm, web pages/home/home-queries.ts) and of the plain browse page (active deals, newest first), the Largest
 * Contentful Paint of both on a phone. Looked up at most once per CARD_HINT_TTL_MS; a hint that no longer matches the
 * first card only costs one picture fetched early, so a few seconds of staleness are harmless.
 */
function firstCardHint(app: FastifyInstance, request: DealListRequest): () => Promise<string> {
  let at = -Infinity;
  let hint: Promise<string> = Promise.resolve('');
  return () => {
    const now = Date.now();
    if (now - at >= CARD_HINT_TTL_MS) {
      at = now;
      hint = dealList(app.deps.db, app.deps.config.affiliate, request).then(
        (page) => pictureLink(page.deals[0] ? visibleImageSrc(page.deals[0], VISITOR, 'thumbnail') : null),
        (err: unknown) => {
          app.log.warn({ err }, 'first card picture hint');
          return '';
        },
      );
    }
    return hint;
  };
}

/** Paths served as JSON 404s, never as the SPA: the API, uploads, and this feature's XML. */
const NOT_SPA = /^\/(?:api|uploads|feeds|sitemaps)(?:[/?]|$)/;

const sendHtml = (request: FastifyRequest, reply: FastifyReply, a: Answer) => sendAnswer(request, reply, a, HTML_CACHE_CONTROL);

/**
 * Serves the SPA's index.html for client routes, with a share card in <head>: the deal's own for /dealDetail/{id} of
 * a public deal, the site's for every other page; / and /dealsBrowse also advertise their RSS feed. Without a web
 * build (API tests) every unknown path is a JSON 404.
 */
export function registerSpaFallback(app: FastifyInstance, webRoot: string | undefined): void {
  if (!webRoot) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, error: 'Not found' }));
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
  const head = (...tags: string[]) => tags.filter(Boolean).join('\n    ');
  const homeFeed = feedLink(viewTitle(parseFeedParams(new URLSearchParams()), {}), `${config.publicUrl}${FEED_PATH}`);
  const first = { page: 1, pageSize: 1, viewerId: null, withCount: false } as const;
  const homeHint = firstCardHint(app, { ...first, filters: { status: 'active', warmOnly: true }, sort: 'getting-warm' });
  const browseHint = firstCardHint(app, { ...first, filters: { status: 'active' }, sort: 'newest' });
  // The answer of each hint, kept while the hint stays the same (its ETag then stays the same too).
  const withHint = new Map<string, Answer>();
  const listPage = (hint: string): Answer => {
    let a = withHint.get(hint);
    if (!a) {
      if (withHint.size > 16) withHint.clear();
      a = answer(renderPage(template, generic, head(homeFeed, hint)), HTML);
      withHint.set(hint, a);
    }
    return a;
  };

  // The home page, the plain browse page and a public deal's page come with their first screen drawn (issue 16), when
  // the build has the web's server entry; a page that cannot be drawn now is the app shell, as before.
  // Loaded with the first page asked for (React's server renderer and the app: ~25 MB a process serving only the API
  // never needs).
  let firstScreens: Promise<FirstScreens | undefined> | undefined;
  const drawFirstScreen = (request: FastifyRequest, url: string) =>
    (firstScreens ??= loadFirstScreenRenderer(webRoot, (err) => app.log.warn({ err }, 'first-screen renderer not loaded')).then((r) => r && createFirstScreens(app, r))).then(
      (draw) => draw?.(request, url) ?? null,
    );
  const drawn = new WeakMap<FirstScreen, Map<string, Answer>>();
  const withDrawn = async (request: FastifyRequest, url: string, page: Answer): Promise<Answer> => {
    const screen = await drawFirstScreen(request, url);
    if (!screen) return page;
    let byPage = drawn.get(screen);
    if (!byPage) drawn.set(screen, (byPage = new Map()));
    let a = byPage.get(page.etag);
    if (!a) byPage.set(page.etag, (a = answer(withFirstScreen(page.body.toString('utf8'), screen), HTML)));
    return a;
  };

  const browsePage = async (url: string): Promise<Answer> => {
    const params = feedParamsOfBrowsePage(url);
    // The plain browse page (no query at all) shows the newest active deals: its first picture is known here.
    if (params.size === 0) return listPage(url.includes('?') ? '' : await browseHint());
    const query = parseFeedParams(params);
    const link = feedLink(viewTitle(query, await viewNames(db, query)), withParams(config.publicUrl, FEED_PATH, params));
    return answer(renderPage(template, generic, link), HTML);
  };

  const dealPage = async (request: FastifyRequest, id: string): Promise<Answer> => {
    const n = /^\d{1,10}$/.test(id) ? Number(id) : 0;
    if (n < 1 || n > 2_147_483_647) return genericPage;
    const deal = await findDealWithRefs(db, n);
    // Pending, rejected, deleted and missing deals look alike here: the generic card, nothing of the deal.
    if (!hasCard(deal)) return genericPage;
    return withDrawn(request, `/dealDetail/${n}`, answer(renderPage(template, dealCard(deal, site), pictureHint(deal)), HTML));
  };

  app.get('/', { schema: { hide: true } }, async (request, reply) => sendHtml(request, reply, await withDrawn(request, '/', listPage(await homeHint()))));
  for (const browsePath of ['/dealsBrowse', '/deals']) {
    // Drawn only without a query: any other filter combination is one more page to draw, each a few ms of CPU.
    app.get(browsePath, { schema: { hide: true } }, async (request, reply) => {
      const page = await browsePage(request.url);
      return sendHtml(request, reply, request.url === browsePath ? await withDrawn(request, browsePath, page) : page);
    });
  }
  app.get('/dealDetail/:id', { schema: { hide: true } }, async (request, reply) =>
    sendHtml(request, reply, await dealPage(request, (request.params as { id: string }).id)),
  );
  app.setNotFoundHandler((request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_SPA.test(request.url)) {
      return reply.status(404).send({ success: false, error: 'Not found' });
    }
    // Other client-side routes get the SPA, which shows its own not-found page for unknown paths.
    return sendHtml(request, reply, genericPage);
  });
}
