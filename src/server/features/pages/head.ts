import type { FastifyInstance } from 'fastify';
import { visibleImageSrc, VISITOR } from '../../../shared/domain/deals/deal-image.js';
import { escapeHtml } from '../../http/markup.js';
import { dealList, type DealListRequest } from '../deals/index.js';
import type { FeedLink } from '../feeds/index.js';

// What a page's <head> carries besides its card: the feed it advertises, the picture it will paint first.

/** <link rel="alternate"> advertising a deal feed. */
export const feedLink = (feed: FeedLink) =>
  `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}" />`;

/**
 * The deal page's picture (its largest paint) fetched with the HTML's other first requests: the page itself can only
 * ask for it once its script has run and the deal has arrived, ~1 s later on a phone (Lighthouse mobile, docs/notes/web-performance.md).
 * The same picture DealImage draws for a visitor (shared/domain/deals/deal-image.ts), so the browser uses what it preloaded.
 */
export function pictureHint(deal: { image_url: string | null; thumbnail_url: string | null; status: string; user_id: number | null }): string {
  return pictureLink(
    visibleImageSrc({ imageUrl: deal.image_url, thumbnailUrl: deal.thumbnail_url, status: deal.status, userId: deal.user_id }, VISITOR, 'full'),
  );
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
export function firstCardHint(app: FastifyInstance, request: DealListRequest): () => Promise<string> {
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
