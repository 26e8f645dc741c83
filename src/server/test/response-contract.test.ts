/**
 * One contract (docs/notes/contract.md): every JSON route the app registers under /api declares the reply it sends
 * (`schema.response`, built with `replies()` from src/shared/schemas/envelope.ts), so the serializer checks each reply
 * against it while the tests run (src/server/http/serializer.ts) and the OpenAPI document shows it. The routes are the
 * app's own, recorded as it registers them (./routes.ts): a route added tomorrow without a reply schema fails here.
 * Its error replies are added to it from what it is (plugins/error-replies.ts); every test that provokes an error
 * checks the error against them, and the document lists them (below).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replies } from '../../shared/schemas/envelope.js';
import { ROUTE_ERRORS } from '../plugins/error-replies.js';
import { contractSerializer } from '../http/serializer.js';
import type { Harness } from './harness.js';
import { createHarnessWithRoutes, type RouteEntry } from './routes.js';

/**
 * Routes under /api that do not answer a JSON envelope, by method and path, each with the reason. Feeds, sitemaps,
 * robots.txt, /metrics and /uploads/ live at the site's root and are not walked.
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/docs': 'the OpenAPI viewer (@fastify/swagger-ui): a redirect to its HTML page',
  'GET /api/docs/static/index.html': 'the OpenAPI viewer: HTML',
  'GET /api/docs/static/swagger-initializer.js': 'the OpenAPI viewer: JavaScript',
  'GET /api/docs/static/*': "the OpenAPI viewer's static files",
  'GET /api/docs/json': 'the OpenAPI document itself, not an envelope',
  'GET /api/docs/yaml': 'the OpenAPI document as YAML',
  'GET /api/notifications/stream': 'Server-Sent Events (text/event-stream); a refused ticket is the 401 envelope',
  'GET /api/admin/analytics/daily.csv': 'the daily figures as a CSV download (its errors are envelopes)',
  'GET /api/account/exports/:id/download': "a member's data export as a ZIP download (its errors are envelopes)",
};

const key = (r: Pick<RouteEntry, 'method' | 'url'>) => `${r.method} ${r.url}`;
const isZod = (s: unknown): s is z.ZodType => typeof (s as z.ZodType | undefined)?.safeParse === 'function';

/** What is wrong with a route's reply declaration, or null: a 2xx zod schema of the `{ success: true, data }` envelope. */
function contractGap(route: RouteEntry): string | null {
  const response = route.schema.response as Record<string, unknown> | undefined;
  if (!response) return 'no schema.response';
  const success = Object.entries(response).filter(([status]) => /^2(\d\d|xx)$/.test(status));
  if (success.length === 0) return `no 2xx reply declared (only ${Object.keys(response).join(', ') || 'nothing'})`;
  for (const [status, schema] of success) {
    if (!isZod(schema)) return `${status} is not a zod schema, so the serializer cannot check it`;
    const flag = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape?.success;
    if (!isZod(flag) || !flag.safeParse(true).success || flag.safeParse(false).success)
      return `${status} is not the { success: true, data } envelope (use replies())`;
  }
  return null;
}

/** Every route under /api that should declare its reply and does not, with why. */
function contractGaps(routes: RouteEntry[], notJson: Record<string, string> = NOT_JSON): string[] {
  return routes
    .filter((r) => r.url === '/api' || r.url.startsWith('/api/'))
    .filter((r) => !(key(r) in notJson))
    .flatMap((r) => {
      const gap = contractGap(r);
      return gap ? [`${key(r)}: ${gap}`] : [];
    });
}

const entry = (url: string, schema: RouteEntry['schema'] = {}, method: RouteEntry['method'] = 'GET'): RouteEntry => ({ method, url, schema, multipart: false });

describe('the walker', () => {
  it('names a route without a reply schema, one without a 2xx, one not zod, one not an envelope, and passes a declared one', () => {
    const gaps = contractGaps([
      entry('/api/things'),
      entry('/api/things/:id', { response: { 404: z.object({ success: z.literal(false) }) } }),
      entry('/api/things', { response: { 201: { type: 'object' } } }, 'POST'),
      entry('/api/things/:id', { response: { 200: z.object({ id: z.number() }) } }, 'PUT'),
      entry('/api/things/:id', { response: replies(z.object({ id: z.number() })) }, 'DELETE'),
      entry('/api/docs/json'),
      entry('/feeds/deals.xml'),
    ]);
    expect(gaps).toEqual([
      'GET /api/things: no schema.response',
      'GET /api/things/:id: no 2xx reply declared (only 404)',
      'POST /api/things: 201 is not a zod schema, so the serializer cannot check it',
      'PUT /api/things/:id: 200 is not the { success: true, data } envelope (use replies())',
    ]);
  });

  it('the serializer refuses, while tests run, a reply that breaks its declared schema', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(contractSerializer(true));
    const schema = { response: replies(z.object({ id: z.number().int() })) };
    app.get('/good', { schema }, async () => ({ success: true, data: { id: 1 } }));
    app.get('/bad', { schema }, async () => ({ success: true, data: { id: '1' } }));
    try {
      expect((await app.inject({ url: '/good' })).statusCode).toBe(200);
      const bad = await app.inject({ url: '/bad' });
      expect(bad.statusCode).toBe(500);
      expect(bad.body).not.toContain('"id":"1"');
    } finally {
      await app.close();
    }
  });
});

describe("the app's routes under /api", () => {
  let h: Harness;
  let routes: RouteEntry[];
  beforeAll(async () => ({ h, routes } = await createHarnessWithRoutes()));
  afterAll(() => h?.close());

  it('were recorded (the walk is not empty)', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(80);
    for (const k of ['GET /api/deals', 'POST /api/comments', 'GET /api/alerts', 'GET /api/health', 'GET /api/ready']) expect(api.map(key)).toContain(k);
  });

  it('every JSON route declares its reply: a 2xx zod schema of the { success: true, data } envelope', () => {
    expect(contractGaps(routes)).toEqual([]);
  });

  it('every exclusion is a route the app has (no stale entries hiding a path)', () => {
    const registered = new Set(routes.map(key));
    expect(Object.keys(NOT_JSON).filter((k) => !registered.has(k))).toEqual([]);
  });

  it('the OpenAPI document shows a 2xx reply for every documented JSON route', async () => {
    const res = await h.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    const documented = routes.filter((r) => r.url.startsWith('/api/') && !(key(r) in NOT_JSON) && !(r.schema as { hide?: boolean }).hide);
    expect(documented.length).toBeGreaterThan(80);
    const missing = documented.filter((r) => {
      const op = paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      return !Object.keys(op?.responses ?? {}).some((status) => status.startsWith('2'));
    });
    expect(missing.map(key)).toEqual([]);
  });

  it('/api/health and /api/ready answer their declared replies', async () => {
    const health = await h.request({ method: 'GET', url: '/api/health' });
    expect(health).toMatchObject({ status: 200, body: { success: true, data: { status: 'ok' } } });
    const ready = await h.request({ method: 'GET', url: '/api/ready' });
    expect(ready).toMatchObject({ status: 200, body: { success: true, data: { status: 'ready', checks: { database: 'ok' } } } });
  });

  describe('the error replies in the OpenAPI document', () => {
    type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, { enum?: unknown[] }>; required?: string[] };
    type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>; security?: unknown[] };
    let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
    let operations: Array<{ key: string; op: Operation }>;
    beforeAll(async () => {
      doc = (await h.request({ method: 'GET', url: '/api/docs/json' })).body;
      operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p.replace(/\{([A-Za-z_]+)\}/g, ':$1')}`, op })),
      );
    });
    const json = (operations: Array<{ key: string; op: Operation }>) => operations.filter(({ key }) => key.includes(' /api/') && !(key in NOT_JSON));

    it('every JSON operation lists its errors, each the { success: false, error } envelope of components.schemas, with its meaning', () => {
      const gaps: string[] = [];
      for (const { key, op } of json(operations)) {
        const errors = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
        if (!errors.some(([s]) => s === '400') || !errors.some(([s]) => s === '500')) gaps.push(`${key}: no 400 or 500`);
        for (const [status, response] of errors) {
          const schema = response.content?.['application/json']?.schema;
          const name = (schema?.$ref ?? schema?.allOf?.[0]?.$ref)?.replace('#/components/schemas/', '');
          const named = name ? doc.components.schemas[name] : undefined;
          if (named?.properties?.success?.enum?.[0] !== false || !named.required?.includes('error')) gaps.push(`${key} ${status}: not the error envelope`);
          if (!response.description || response.description === 'Default Response') gaps.push(`${key} ${status}: no description`);
        }
      }
      expect(json(operations).length).toBeGreaterThan(80);
      expect(gaps).toEqual([]);
    });

    it('an operation that needs a token declares 401; one that does not only when its handler says so (a wrong password)', () => {
      const wrong = json(operations).filter(({ key, op }) => {
        const needsToken = !!op.security?.length || /^\S+ \/api\/(admin|ai)\//.test(key);
        return '401' in op.responses ? !needsToken && !ROUTE_ERRORS[key]?.[401] : needsToken;
      });
      expect(wrong.map(({ key }) => key)).toEqual([]);
    });

    it('components hold the error replies and only what the operations refer to (no unused input twins)', () => {
      const names = Object.keys(doc.components.schemas);
      expect(names).toEqual(expect.arrayContaining(['ErrorReply', 'ValidationErrorReply', 'FieldErrorReply', 'PendingDealReply', 'DuplicateDealReply']));
      expect(names.filter((n) => n.endsWith('Input'))).toEqual([]);
      const text = JSON.stringify(doc.paths);
      expect(names.filter((n) => !text.includes(`"#/components/schemas/${n}"`))).toEqual([]);
    });

    it('every route the table of known errors names is a route the app has', () => {
      const registered = new Set(routes.map(key));
      expect(Object.keys(ROUTE_ERRORS).filter((k) => !registered.has(k))).toEqual([]);
    });
  });
});
