import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { registerFeatures } from './features/index.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerAnonymousReadCache } from './http/anonymous-cache.js';
import { registerSecurityHeaders } from './http/security-headers.js';
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

export type BuildDeps = Pick<AppDeps, 'config' | 'db'> & Partial<Pick<AppDeps, 'tokens' | 'mailer'>>;

export async function buildApp(deps: BuildDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep in-flight requests alive on close, refuse new ones (graceful SIGTERM).
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', {
    ...deps,
    tokens: deps.tokens ?? createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    mailer: deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, logger: app.log }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

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
  // Anonymous public reads are served from memory until a write (or 10 s) makes them stale.
  registerAnonymousReadCache(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      error: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'QuidsIn API', version: '1.0.0', description: 'Community deal-sharing API. Every response is { success, data } or { success: false, error }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerAuth(app);
  app.get('/api/health', { schema: { hide: true } }, async () => ({ success: true, data: { status: 'ok' } }));
  await app.register(registerFeatures, { prefix: '/api' });

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
    const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.url.startsWith('/uploads/') || request.method !== 'GET') {
        return reply.status(404).send({ success: false, error: 'Not found' });
      }
      // Client-side routes fall back to the SPA, which shows its own not-found page for unknown paths.
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, error: 'Not found' }));
  }
  return app;
}
