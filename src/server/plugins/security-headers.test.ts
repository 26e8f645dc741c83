import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers.js';

/** The shape of app.ts's options: CSP with our own directives, a few policies changed, HSTS off on http. */
const OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'script-src': ["'self'", 'https://scripts.example.net'],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'connect-src': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  hsts: false,
};

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>, url: string) {
  const app = Fastify();
  await register(app);
  app.get('/ok', async () => ({ success: true }));
  app.get('/fail', async (_req, reply) => reply.status(403).send({ success: false, error: 'Forbidden' }));
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  const { date: _date, 'content-length': _len, ...rest } = res.headers;
  return rest;
}

describe('precomputed security headers', () => {
  it('sends exactly the headers @fastify/helmet sends, on answers, refusals and 404s', async () => {
    for (const url of ['/ok', '/fail', '/missing']) {
      const expected = await headersOf((app) => app.register(fastifyHelmet, OPTIONS), url);
      const actual = await headersOf((app) => registerSecurityHeaders(app, OPTIONS), url);
      expect(actual).toEqual(expected);
    }
  });

  it('includes the configured policy and leaves out what was switched off', async () => {
    const h = await helmetHeaders(OPTIONS);
    expect(h['content-security-policy']).toContain("script-src 'self' https://scripts.example.net");
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toBeUndefined();
    expect(h['cross-origin-embedder-policy']).toBeUndefined();
    expect(h['content-type']).toBeUndefined();
  });

  it('refuses per-response nonces, which cannot be computed once', async () => {
    await expect(helmetHeaders({ ...OPTIONS, enableCSPNonces: true })).rejects.toThrow(/nonces/);
  });
});
