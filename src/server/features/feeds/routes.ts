import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deal } from '../../../shared/schemas/deals/deals.js';
import { type DealFeedQuery, dealFeedQuerySchema, feedFileParamsSchema } from '../../../shared/schemas/deals/feeds.js';
import type { Config } from '../../config.js';
import { notFound } from '../../http/errors.js';
import { type Answer, answer, AnswerMemo, sendAnswer } from '../../http/http-cache.js';
import { keyOfPublicPath, uploadStorage } from '../../infra/storage.js';
import { alertFeedDeals } from '../alerts/index.js';
import { FEED_ITEMS, FEED_PATH, feedParamsOf, viewNames, viewTitle, withParams } from './browse-view.js';
import { firstDeals } from './deal-source.js';
import { dealsRss, type FeedChannel, RSS_CONTENT_TYPE } from './rss.js';
import { activeDealUrls, dealFileCount, dealFileRange, maxDealId, pageUrls, robotsTxt, rootSitemap, urlsetXml } from './sitemap.js';

/** Short: readers and crawlers poll, a CDN may keep them; the ETag makes a repeat poll a 304. */
export const FEED_CACHE_CONTROL = 'public, max-age=60';
export const SITEMAP_CACHE_CONTROL = 'public, max-age=300';
const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** A browse view's feed: which deals (the view's parameters), and where the feed itself is. */
interface DealFeedView {
  /** GET /api/deals parameters of the deals, without paging. */
  params: URLSearchParams;
  query: DealFeedQuery;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
}

/**
 * Sizes of the deals' own images (the enclosure length RSS asks for), asked of the uploads' storage: local disk or
 * the S3 bucket. A missing file, or a bucket that does not answer, leaves the size out (the feed says 0, still valid).
 */
async function imageSizes(uploadsDir: string, deals: Deal[]): Promise<Map<string, number>> {
  const storage = uploadStorage(uploadsDir);
  const sizes = new Map<string, number>();
  await Promise.all(
    deals.map(async (d) => {
      const { imageUrl } = d;
      const key = keyOfPublicPath(imageUrl);
      if (!imageUrl || !key) return;
      const size = await storage.size(key).catch(() => null);
      if (size !== null) sizes.set(imageUrl, size);
    }),
  );
  return sizes;
}

/** Every deal feed's answer: the channel and its deals written as RSS, the images' sizes asked of the storage. */
async function rssAnswer(config: Pick<Config, 'publicUrl' | 'uploadsDir'>, channel: FeedChannel, deals: Deal[]): Promise<Answer> {
  return answer(dealsRss(channel, deals, config.publicUrl, await imageSizes(config.uploadsDir, deals)), RSS_CONTENT_TYPE);
}

/** The RSS answer of a browse view (/feeds/deals.xml with the view's query string), titled from the view. */
async function dealFeedAnswer(app: FastifyInstance, view: DealFeedView): Promise<Answer> {
  const { db, config } = app.deps;
  const [deals, names] = await Promise.all([firstDeals(app.deps, view.query, FEED_ITEMS), viewNames(db, view.query)]);
  const title = viewTitle(view.query, names);
  return rssAnswer(
    config,
    {
      title,
      description: `The first ${FEED_ITEMS} deals of ${title.replace(/^QuidsIn: /, '')} on QuidsIn, the UK community deal-sharing site.`,
      selfUrl: view.selfUrl,
      pageUrl: withParams(config.publicUrl, '/dealsBrowse', view.params),
    },
    deals,
  );
}

/** RSS feeds, sitemaps and robots.txt: public, outside /api, cacheable (docs/notes/feeds.md). */
export async function feedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const publicUrl = config.publicUrl;

  // Feeds follow the deals: kept until the anonymous read cache is emptied (any write, the expiry sweep, a scraper
  // run) and at most 30 s (the trending window slides).
  const feeds = new AnswerMemo({ ttlMs: 30_000, maxBytes: 16 * 1024 * 1024, generation: () => app.anonymousCache?.stats.invalidations ?? 0 });
  // Sitemaps may lag a few minutes: a file of 50,000 URLs is worth keeping, and votes (writes) must not drop it.
  const sitemaps = new AnswerMemo({ ttlMs: 5 * 60_000, maxBytes: 48 * 1024 * 1024 });
  const robots = answer(robotsTxt(publicUrl), 'text/plain; charset=utf-8');

  app.get(
    FEED_PATH,
    {
      schema: {
        tags: ['feeds'],
        summary: `RSS 2.0 of the first ${FEED_ITEMS} deals of a browse view (the query parameters of GET /api/deals, without paging)`,
        querystring: dealFeedQuerySchema,
        produces: ['application/rss+xml'],
      },
    },
    async (request, reply) => {
      const params = feedParamsOf(request.url);
      params.sort();
      const a = await feeds.get(params.toString(), () =>
        dealFeedAnswer(app, { params, query: request.query, selfUrl: withParams(publicUrl, FEED_PATH, params) }),
      );
      return sendAnswer(request, reply, a, FEED_CACHE_CONTROL);
    },
  );

  // The per-alert private feed: the deals the alert matched, newest first (features/alerts alertFeedDeals).
  // An unknown or forged token is a plain 404; the token is a secret, so the request lines are not logged (logLevel).
  app.get('/feeds/alerts/:file', { schema: { hide: true, params: feedFileParamsSchema }, logLevel: 'warn' }, async (request, reply) => {
    const m = /^([^/]{1,80})\.xml$/.exec(request.params.file);
    const feed = m ? await alertFeedDeals(app.deps, m[1]) : null;
    if (!feed) throw notFound();
    const a = await rssAnswer(
      config,
      {
        title: `QuidsIn alert: ${feed.alert.query}`,
        description: `The latest deals matching your QuidsIn alert "${feed.alert.query}".`,
        selfUrl: `${publicUrl}/feeds/alerts/${request.params.file}`,
        pageUrl: withParams(publicUrl, '/dealsBrowse', new URLSearchParams({ search: feed.alert.query })),
      },
      feed.deals,
    );
    return sendAnswer(request, reply, a, 'private, max-age=60');
  });

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['feeds'], summary: 'Sitemap, or a sitemap index past 50,000 URLs', produces: ['application/xml'] } },
    async (request, reply) => {
      const a = await sitemaps.get('root', async () => answer(await rootSitemap(db, publicUrl), XML_CONTENT_TYPE));
      return sendAnswer(request, reply, a, SITEMAP_CACHE_CONTROL);
    },
  );

  app.get('/sitemaps/:file', { schema: { hide: true, params: feedFileParamsSchema } }, async (request, reply) => {
    const { file } = request.params;
    const a = await sitemaps.get(file, async () => {
      if (file === 'pages.xml') return answer(urlsetXml(await pageUrls(db, publicUrl)), XML_CONTENT_TYPE);
      const m = /^deals-([1-9]\d{0,5})\.xml$/.exec(file);
      const n = m ? Number(m[1]) : 0;
      if (n < 1 || n > dealFileCount(await maxDealId(db))) throw notFound();
      const [afterId, lastId] = dealFileRange(n);
      return answer(urlsetXml(await activeDealUrls(db, publicUrl, afterId, lastId)), XML_CONTENT_TYPE);
    });
    return sendAnswer(request, reply, a, SITEMAP_CACHE_CONTROL);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => sendAnswer(request, reply, robots, SITEMAP_CACHE_CONTROL));
}
