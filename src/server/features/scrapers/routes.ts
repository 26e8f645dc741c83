import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { findSource, scraperSources } from './source/sources.js';
import { presentScraper, presentScraperLog } from './presenter.js';
import { latestScraperLogs } from './queries.js';
import { runOutcome, runScraper } from './runner.js';
import { replies } from '../../../shared/schemas/envelope.js';
import {
  scraperIdParamsSchema,
  scraperListSchema,
  scraperLogListSchema,
  scraperLogsQuerySchema,
  scraperRunAllSchema,
  scraperRunBodySchema,
  scraperRunSchema,
} from '../../../shared/schemas/admin/scrapers.js';

/**
 * The admin Scrapers API (SPEC §7): list, run one, run all, logs newest first. Admins only: every /api/admin route is
 * refused to anyone else on request, before its query or body is read (plugins/auth.ts).
 */
export async function scraperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const runLimit = rateLimit(app, 'scraperRun');
  const tags = ['admin', 'scrapers'];
  const security = [{ bearer: [] }];

  const runOne = async (key: string | number) => {
    const scraper = findSource(app.deps.config, key);
    if (!scraper) throw notFound(`Unknown scraper: ${key}`);
    return ok(runOutcome(await runScraper(app.deps, app.log, scraper)));
  };

  app.get('/admin/scrapers', { schema: { tags, security, response: replies(scraperListSchema) } }, async () =>
    ok({ scrapers: scraperSources(app.deps.config).map(presentScraper) }),
  );

  app.get(
    '/admin/scrapers/logs',
    { schema: { tags, security, querystring: scraperLogsQuerySchema, response: replies(scraperLogListSchema) } },
    async (request) => {
      const rows = await latestScraperLogs(app.deps.db, request.query.limit);
      return ok({ logs: rows.map(presentScraperLog) });
    },
  );

  app.post(
    '/admin/scrapers/run',
    { schema: { tags, security, body: scraperRunBodySchema, response: replies(scraperRunSchema) }, config: runLimit },
    async (request) => runOne(request.body.source),
  );

  app.post(
    '/admin/scrapers/run/:id',
    { schema: { tags, security, params: scraperIdParamsSchema, response: replies(scraperRunSchema) }, config: runLimit },
    async (request) => runOne(request.params.id),
  );

  app.post('/admin/scrapers/run-all', { schema: { tags, security, response: replies(scraperRunAllSchema) }, config: runLimit }, async () => {
    const results = [];
    for (const scraper of scraperSources(app.deps.config)) results.push(await runScraper(app.deps, app.log, scraper));
    const failed = results.filter((r) => r.status === 'failed');
    if (failed.length === results.length && failed.length > 0) {
      throw new HttpError(502, failed.map((r) => `The ${r.source} scraper failed: ${r.error}`).join('; '));
    }
    return ok({
      results: results.map((r) => ({ source: r.source, status: r.status, dealsAdded: r.dealsAdded, dataFile: r.dataFile, logId: r.logId, error: r.error })),
      dealsAdded: results.reduce((n, r) => n + r.dealsAdded, 0),
    });
  });
}
