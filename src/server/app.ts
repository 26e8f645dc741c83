import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { DealEvents, viewerStates } from './features/deals/index.js';
import { attachAnalytics, outboundRoutes } from './features/analytics/index.js';
import { feedRoutes } from './features/feeds/index.js';
import { registerFeatures } from './features/index.js';
import { registerPages } from './features/pages/index.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/error-handler.js';
import { registerAnonymousReadCache } from './plugins/read-cache/anonymous-cache.js';
import { createSessionCache } from './plugins/read-cache/session-cache.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { openApiComponents } from './http/openapi.js';
import { contractSerializer, registerDeclaredStatusCheck } from './http/serializer.js';
import { healthSchema } from '../shared/schemas/health.js';
import { replies } from '../shared/schemas/envelope.js';
import { connectInfra, registerInfraRoutes } from './infra/index.js';
import { PRIVATE_PREFIX } from './infra/storage.js';
import { createMailer } from './services/mail.js';
import { createTokenService } from './services/tokens.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built SPA: dist/web next to dist/node (production) or the repo's dist/web when run from source. */
export function findWebRoot(): string | undefined {
  // WEB_ROOT lets a test serve a build made elsewhere (parallel e2e runs each build their own).
  if (process.env.WEB_ROOT) return path.resolve(process.env.WEB_ROOT);
  const candidates = [path.resolve(here, '../../web'), path.resolve(here, '../../dist/web'), path.resolve(process.cwd(), 'dist/web')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
}

export interface BuildOptions {
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean | object;
}

export type BuildDeps = Pick<AppDeps, 'config' | 'db'> & Partial<Pick<AppDeps, 'tokens' | 'mailer' | 'events'>>;

export async function buildApp(deps: BuildDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ?? false,
    // Each request's child logger is made when first used (http/request-logger.ts): most requests never log.
    ...(opts.logger ? { childLoggerFactory: lazyRequestLogger } : {}),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep in-flight requests alive on close, refuse new ones (graceful SIGTERM).
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', {
    ...deps,
    tokens: deps.tokens ?? createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    events:
      deps.events ?? new DealEvents((err, change) => app.log.error({ err, dealId: change.dealId, events: change.events }, 'deal change subscriber failed')),
    mailer: deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger: app.log }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Test runs check every reply against its declared response schema, and that its status is declared at all;
  // production writes it as it is.
  const checkContract = process.env.VITEST === 'true' || process.env.NODE_ENV === 'test';
  app.setSerializerCompiler(contractSerializer(checkContract));
  if (checkContract) registerDeclaredStatusCheck(app);
  registerErrorHandling(app);

  // Redis (REDIS_URL) and the upload storage (STORAGE): what many processes share (infra/index.ts, docs/deploy.md).
  const infra = await connectInfra(app, config);
  // Anonymous public reads are served from memory until a write (or 10 s) makes them stale; with Redis, a write on
  // any process makes them stale on every process (a shared generation). Members of the deal lists are served from the
  // same bytes with their own votes and saves laid over them (one query per request). Before the security headers'
  // hook: a hit is sent with the headers it was stored with, theirs included.
  const readCache = registerAnonymousReadCache(app, {
    shared: infra.sharedGeneration,
    memberStates: (userId, dealIds) => viewerStates(deps.db, userId, dealIds),
    onOverlayFailed: (url) => app.log.warn({ url }, 'member overlay: the cached answer could not be overlaid, served the slow way'),
    // Shutting down: hits go through the onSend hook that asks each client to hang up (infra/readiness.ts).
    draining: () => app.infra.readiness.closing,
  });

  const monetisationOrigin = config.monetisationScriptUrl ? new URL(config.monetisationScriptUrl).origin : undefined;
  // The same headers as @fastify/helmet, worked out once (helmet rebuilds its middleware on every request).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...(monetisationOrigin ? [monetisationOrigin] : [])],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", ...(monetisationOrigin ? [monetisationOrigin] : [])],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicUrl.startsWith('https://') ? undefined : false,
  });
  await app.register(rateLimit, {
    global: false,
    // With Redis the counters are shared by every process, and a Redis outage lets requests through (logged).
    ...infra.rateLimitStore,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      error: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'QuidsIn API',
        version: '1.0.0',
        description: 'Community deal-sharing API. Every response is { success, data } or { success: false, error }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (the error replies, src/shared/schemas/errors.ts) are shown once, under components.schemas.
    transformObject: openApiComponents,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Signed-in users are remembered between requests until the next write (the read cache's generation, shared with Redis).
  registerAuth(app, { sessions: createSessionCache({ generation: readCache }) });
  app.get('/api/health', { schema: { hide: true, response: replies(healthSchema) } }, async () => ({ success: true, data: { status: 'ok' } }) as const);
  // /api/ready (database, Redis, storage), /metrics (METRICS_TOKEN) and /uploads/ from the bucket (STORAGE=s3).
  registerInfraRoutes(app, config, deps.db, infra);
  // Outbound clicks and deal views (docs/notes/analytics.md): counted in memory, written every few seconds and on close.
  attachAnalytics(app, infra.redis);
  await app.register(registerFeatures, { prefix: '/api' });
  // RSS feeds, sitemaps and robots.txt live at the site's root, not under /api.
  await app.register(feedRoutes);
  // /go/{dealId}: every link to a shop, counted, then redirected to the deal's tagged URL.
  await app.register(outboundRoutes);

  // Private files (data exports) live in the upload storage but are only ever sent by their own routes.
  // The more specific route wins over the static wildcard: nothing of the folder is served from disk.
  if (infra.storage.kind === 'local') {
    app.get(`/uploads/${PRIVATE_PREFIX}*`, { schema: { hide: true } }, async (_request, reply) =>
      reply.status(404).send({ success: false, error: 'Not found' }),
    );
  }
  if (infra.storage.kind === 'local')
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: '30d',
      immutable: true,
    });

  const webRoot = opts.serveWeb === false ? undefined : findWebRoot();
  if (webRoot) {
    // preCompressed: the build writes .br/.gz beside each asset (scripts/precompress.ts); no compression per request.
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: true,
      preCompressed: true,
      cacheControl: false,
      // Hashed asset names never change: cache them for a year; anything else is revalidated.
      setHeaders: (res, filePath) =>
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  // The web app's pages get index.html with a share card and feed links in <head>, the drawn ones their first screen,
  // paths that are no page a 404; without a web build, JSON 404s.
  registerPages(app, webRoot);
  return app;
}
