import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateUrl } from '../../../shared/domain/shops/affiliate.js';
import { isCountableVisit } from '../../../shared/domain/shops/analytics.js';
import { OUTBOUND_ROUTE } from '../../../shared/outbound.js';
import { isPublicStatus } from '../../../shared/domain/deals/deal-visibility.js';
import { analyticsCsvQuerySchema, analyticsQuerySchema, analyticsSchema, viewReceivedSchema } from '../../../shared/schemas/admin/analytics.js';
import { idParamsSchema, isHttpUrl, MAX_ID } from '../../../shared/schemas/common.js';
import { replies } from '../../../shared/schemas/envelope.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { requireAllowed } from '../../plugins/auth.js';
import { staffRoute } from '../../plugins/guards.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { DEAL_NOT_FOUND } from '../deals/index.js';
import { mayReadAnalytics, scopeOf } from './policy.js';
import { analyticsReport, dailyCsv } from './presenter.js';
import { outboundTarget } from './queries.js';
import type { AnalyticsRecorder, Visit, VisitKind } from './recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsRecorder;
  }
}

/** A deal id as a path gives it: digits only, within the database's ids; 0 for anything else. */
const pathId = (raw: string): number => (/^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 0);

const visitOf = (request: FastifyRequest, dealId: number): Visit => ({ dealId, address: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/** Counts a visit after the answer has gone: counting never holds a redirect or a page up. */
function count(app: FastifyInstance, request: FastifyRequest, kind: VisitKind, dealId: number, tagged = false) {
  if (!isCountableVisit(request.method, request.headers)) return app.analytics.ignored(kind);
  app.analytics.record(kind, visitOf(request, dealId), tagged).catch((err) => request.log.error({ err }, 'analytics: a visit could not be counted'));
}

/**
 * GET /go/{dealId} (docs/notes/analytics.md): every outbound link to a shop. A public deal's stored URL, tagged as
 * the deal presenter tags it (shared/domain/shops/affiliate.ts), is the only place it ever sends anyone; a pending, rejected,
 * deleted or missing deal, and an id that is no id, get the site's 404 page. HEAD, bots and prefetches are answered
 * but not counted. Never cached (the read cache serves /api only; no-store for proxies and browsers).
 */
export async function outboundRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.get(OUTBOUND_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const id = pathId((request.params as { dealId: string }).dealId);
    const deal = id > 0 ? await outboundTarget(db, id) : undefined;
    const target = deal && isPublicStatus(deal.status) ? affiliateUrl(deal.url, deal.store_id, config.affiliate) : undefined;
    if (!deal || !target || !isHttpUrl(target)) return reply.callNotFound();
    // The URL as the WHATWG parser writes it: percent-encoded, so a stored URL with spaces or accents is a valid header.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').redirect(new URL(target).href, 302);
    count(app, request, 'click', id, target !== deal.url);
    return reply;
  });
}

const security = [{ bearer: [] }];

/** The view beacon, and the back office's analytics (administrators; moderators the deal-level figures). */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  // The deal page says it was seen once it is drawn (docs/notes/analytics.md "Views"): crawlers that run no script,
  // link unfurlers and prefetches never send it. No token is read: it is the same for everyone.
  app.post(
    '/deals/:id/view',
    { schema: { tags: ['deals'], params: idParamsSchema, response: replies(viewReceivedSchema) }, config: { access: 'public', ...rateLimit(app, 'view') } },
    async (request) => {
      const deal = await outboundTarget(db, request.params.id);
      if (!deal || !isPublicStatus(deal.status)) throw notFound(DEAL_NOT_FOUND);
      count(app, request, 'view', request.params.id);
      return ok({ received: true as const });
    },
  );

  const staff = staffRoute(app, mayReadAnalytics);
  app.get(
    '/admin/analytics',
    { schema: { tags: ['admin'], querystring: analyticsQuerySchema, security, response: replies(analyticsSchema) }, ...staff },
    async (request) => ok(await analyticsReport(db, request.query.period, scopeOf(requireAllowed(request, mayReadAnalytics)))),
  );

  app.get(
    '/admin/analytics/daily.csv',
    {
      schema: {
        tags: ['admin'],
        description: 'The daily figures as CSV (text/csv): day, then one column per figure the caller sees.',
        querystring: analyticsCsvQuerySchema,
        security,
        response: { 200: z.string().describe('CSV, header row first') },
      },
      ...staff,
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await dailyCsv(db, scopeOf(requireAllowed(request, mayReadAnalytics)), from, to);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="quidsin-daily-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
