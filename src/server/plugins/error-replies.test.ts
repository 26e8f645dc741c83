import Fastify, { type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorReplySchema, fieldErrorReplySchema, pendingDealReplySchema, validationErrorReplySchema } from '../../shared/schemas/errors.js';
import { replies } from '../../shared/schemas/envelope.js';
import { contractSerializer, registerDeclaredStatusCheck } from '../http/serializer.js';
import { DatabaseBusyError } from '../db/overload.js';
import { HttpError, notFound } from '../http/errors.js';
import { errorStatusesFor, withErrorReplies } from './error-replies.js';
import { BUSY_MESSAGE, registerErrorHandling } from './error-handler.js';

type Shape = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;
const route = (method: Shape['method'], url: string, schema: Shape['schema'] = {}, config: Shape['config'] = {}): Shape => ({
  method,
  url,
  schema: { response: replies(z.object({})), ...schema },
  config,
});
const statuses = (r: Shape) => [...errorStatusesFor(r).keys()];
const bearer = [{ bearer: [] }];
const params = z.object({ id: z.number() });

describe('the error replies a route declares, from what it is', () => {
  it('a public read: a bad request and our own failure only', () => {
    expect(statuses(route('GET', '/api/things'))).toEqual([400, 500, 503]);
    expect(statuses(route('GET', '/api/things/:id', { params }))).toEqual([400, 404, 500, 503]);
  });

  it("a member's rate-limited write: no account (401), not verified (403), too large, unsupported type, too many", () => {
    expect(statuses(route('POST', '/api/things', { security: bearer }, { rateLimit: { max: 1 } } as Shape['config']))).toEqual([
      400, 401, 403, 413, 415, 429, 500, 503,
    ]);
  });

  it("an 'account' route lets an unverified account in (no 403); a 'public' write reads no token at all", () => {
    expect(statuses(route('GET', '/api/me', { security: bearer }, { access: 'account' }))).toEqual([400, 401, 500, 503]);
    expect(statuses(route('POST', '/api/sign-in', {}, { access: 'public' }))).toEqual([400, 413, 415, 500, 503]);
  });

  it('the back office needs an administrator (or a moderator) whatever its schema says', () => {
    expect(statuses(route('GET', '/api/admin/things'))).toEqual([400, 401, 403, 500, 503]);
    expect(statuses(route('GET', '/api/ai/things', {}, { access: 'staff' }))).toEqual([400, 401, 403, 500, 503]);
  });

  it('an optional sign-in (an empty security requirement) is no account needed', () => {
    expect(statuses(route('GET', '/api/things', { security: [{}, { bearer: [] }] }))).toEqual([400, 500, 503]);
  });

  it('adds what the table knows of a route and drops what it says cannot happen', () => {
    expect(statuses(route('POST', '/api/votes', { security: bearer }))).toEqual([400, 401, 403, 404, 409, 413, 415, 500, 503]);
    expect(statuses(route('DELETE', '/api/deals/:id/save', { security: bearer, params }))).toEqual([400, 401, 403, 413, 415, 500, 503]);
    expect(errorStatusesFor(route('GET', '/api/deals/:id', { params })).get(403)).toBe(pendingDealReplySchema);
  });

  it('gives each status its reply schema with its meaning, and keeps a status the route declares itself', () => {
    const own = z.strictObject({ success: z.literal(false), error: z.string(), retryAfter: z.number() });
    const response = withErrorReplies(route('POST', '/api/things/:id', { params, security: bearer, response: { ...replies(z.object({})), 404: own } }))!;
    expect(Object.keys(response)).toEqual(['200', '400', '401', '403', '404', '413', '415', '500', '503']);
    expect(response['404']).toBe(own);
    const meaning = (status: string) => z.globalRegistry.get(response[status] as z.ZodType)?.description;
    expect(meaning('401')).toMatch(/^Not signed in/);
    expect(meaning('413')).toMatch(/^Too large/);
    // The described schemas check what the named ones check.
    const check = (status: string, value: unknown) => (response[status] as z.ZodType).safeParse(value).success;
    expect(check('400', { success: false, error: 'Title is required', field: 'title', fields: { title: 'Title is required' } })).toBe(true);
    expect(check('413', { success: false, error: 'File too large', field: 'image' })).toBe(true);
    expect(check('401', { success: false, error: 'Authentication required', field: 'token' })).toBe(false);
    expect(check('500', { success: true, data: {} })).toBe(false);
    expect([validationErrorReplySchema, fieldErrorReplySchema, errorReplySchema].map((s) => z.globalRegistry.get(s)?.id)).toEqual([
      'ValidationErrorReply',
      'FieldErrorReply',
      'ErrorReply',
    ]);
  });

  it('leaves a route that declares no reply alone (feeds, static files, the OpenAPI viewer)', () => {
    expect(withErrorReplies({ method: 'GET', url: '/feeds/deals.xml', schema: {}, config: {} })).toBeUndefined();
  });
});

describe('while the tests run, an error reply is checked as a success is', () => {
  async function app() {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializer(true));
    registerDeclaredStatusCheck(app);
    registerErrorHandling(app);
    const schema = { params: z.object({ id: z.coerce.number().int() }), response: replies(z.object({ id: z.number() })) };
    app.get('/api/things/:id', { schema }, async (request) => {
      if (request.params.id === 1) throw notFound('No such thing');
      if (request.params.id === 2) throw new HttpError(409, 'Already there');
      if (request.params.id === 3) throw new HttpError(404, 'No such thing', { hint: 'undeclared field' });
      if (request.params.id === 4) throw new DatabaseBusyError(new Error('timeout exceeded when trying to connect'));
      if (request.params.id === 5) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return { success: true as const, data: { id: request.params.id } };
    });
    app.get('/plain', async (_request, reply) => reply.status(409).send('not JSON, no schema'));
    await app.ready();
    return app;
  }

  it('a declared error passes; an undeclared status or a field the schema does not know becomes a 500 saying so', async () => {
    const a = await app();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      expect((await a.inject({ url: '/api/things/1' })).json()).toEqual({ success: false, error: 'No such thing' });
      const invalid = await a.inject({ url: '/api/things/abc' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ success: false, field: 'id' });

      const undeclared = await a.inject({ url: '/api/things/2' });
      expect(undeclared.statusCode).toBe(500);
      expect(undeclared.json().error).toMatch(/^Reply of GET \/api\/things\/:id has status 409, which its response schema does not declare/);
      expect(errors).toEqual([expect.stringContaining('has status 409')]);

      const extraField = await a.inject({ url: '/api/things/3' });
      expect(extraField.statusCode).toBe(500);
      expect(extraField.body).toContain('Unrecognized key: \\"hint\\"');

      expect((await a.inject({ url: '/plain' })).statusCode).toBe(409);

      // An overload (no pooled connection in time, SQLite's writer lock held too long) is a 503 to retry, not a fault.
      for (const id of [4, 5]) {
        const busy = await a.inject({ url: `/api/things/${id}` });
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe('2');
        expect(busy.json()).toEqual({ success: false, error: BUSY_MESSAGE });
      }
    } finally {
      console.error = original;
      await a.close();
    }
  });
});
