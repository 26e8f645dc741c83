/**
 * Two app instances on one database and one Redis behave as one site: rate limits are counted once for both, and a
 * write through one is seen by an anonymous read through the other at once. Redis going away fails open (requests
 * served, a warning logged) and everything comes back by itself. Needs redis-server (skipped loudly without it).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type RedisServer, servicesOrSkip, startRedis } from '../scale/services.js';
import { createHarness, type Harness } from '../test/harness.js';

const check = await servicesOrSkip('Redis API tests (src/server/infra/redis.test.ts)', ['redis']);

/** A second "process": another app on the same config and database, with its log lines kept. */
async function secondApp(h: Harness, lines: string[]): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({ config: h.config, db: h.db, mailer: { send: async () => {} } }, { serveWeb: false, logger: { level: 'warn', stream } });
  await app.ready();
  return app;
}

async function until(ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!check.run)('many processes through Redis', () => {
  let redis: RedisServer;
  let h: Harness;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const logs: string[] = [];
  let admin: string;

  beforeAll(async () => {
    redis = await startRedis();
    h = await createHarness({ REDIS_URL: redis.url, RATE_LIMIT_FACTOR: '1' });
    a = h.app;
    b = await secondApp(h, logs);
    admin = await h.adminToken();
  });
  afterAll(async () => {
    await b?.close();
    await h?.close();
    await redis?.stop();
  });

  const login = (app: FastifyInstance, ip: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { credential: 'nobody-here', password: 'Wrong-passw0rd' } });

  const newest = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/deals?sort=newest&status=all&limit=5' });
    expect(res.statusCode).toBe(200);
    return res.json().data.deals as Array<{ id: number; title: string }>;
  };

  const postActive = async (app: FastifyInstance, title: string): Promise<number> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/deals',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        title,
        description: 'Seen everywhere at once',
        price: 5,
        original_price: 10,
        url: `https://shop.example.test/${encodeURIComponent(title)}`,
        category_id: 1,
        store_id: 1,
        image_url: 'https://img.example.test/a.jpg',
        status: 'active',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  };

  it('counts a rate limit once for both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 ? b : a, '10.1.0.1')).statusCode);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await login(a, '10.1.0.1')).statusCode).toBe(429);
    expect((await login(b, '10.1.0.1')).statusCode).toBe(429);
    // Another client has its own budget.
    expect((await login(b, '10.1.0.2')).statusCode).not.toBe(429);
  });

  it("shows one process's write to the other's anonymous readers at once", async () => {
    await newest(a);
    await newest(a);
    const hitsBefore = a.anonymousCache!.stats.hits;
    await newest(a);
    expect(a.anonymousCache!.stats.hits).toBe(hitsBefore + 1); // cached in A

    const id = await postActive(b, 'Written through B');
    expect((await newest(a)).map((d) => d.id)).toContain(id);
  });

  it('fails open while Redis is away (served, warned), and shares limits and invalidation again when it is back', async () => {
    await newest(a);
    await redis.stop();
    await until(() => !a.infra.redis!.isReady() && !b.infra.redis!.isReady());

    // Over the limit for 10.1.0.1, yet let through: the counters are out of reach.
    for (const app of [a, b, a]) expect((await login(app, '10.1.0.1')).statusCode).toBe(401);
    await until(() => logs.some((l) => l.includes('Redis') && l.includes('fail open')));

    // The cache is bypassed: every read is fresh, and a write through B shows through A.
    const bypassed = a.anonymousCache!.stats.bypassed;
    const during = await postActive(b, 'Written while Redis was away');
    expect((await newest(a)).map((d) => d.id)).toContain(during);
    expect(a.anonymousCache!.stats.bypassed).toBeGreaterThan(bypassed);

    await redis.start();
    await until(() => a.infra.redis!.isReady() && b.infra.redis!.isReady());
    expect(logs.some((l) => l.includes('Redis is back'))).toBe(true);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(i % 2 ? a : b, '10.1.0.3')).statusCode);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await login(a, '10.1.0.3')).statusCode).toBe(429);

    await newest(a);
    const hits = a.anonymousCache!.stats.hits;
    await newest(a);
    expect(a.anonymousCache!.stats.hits).toBe(hits + 1);
    const after = await postActive(b, 'Written after Redis came back');
    expect((await newest(a)).map((d) => d.id)).toContain(after);
  });
});

describe('without Redis (one process each)', () => {
  it('keeps each cache to itself: the reason the shared generation exists', async () => {
    const h = await createHarness();
    const b = await secondApp(h, []);
    try {
      const token = await h.adminToken();
      const read = async () => (await h.app.inject({ method: 'GET', url: '/api/deals?sort=newest&status=all&limit=5' })).json().data;
      const first = JSON.stringify(await read());
      const res = await b.inject({
        method: 'POST',
        url: '/api/admin/deals',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          title: 'Only B knows',
          description: 'Stale in A',
          price: 5,
          original_price: 10,
          url: 'https://shop.example.test/b',
          category_id: 1,
          store_id: 1,
          image_url: 'https://img.example.test/b.jpg',
          status: 'active',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(JSON.stringify(await read())).toBe(first);
    } finally {
      await b.close();
      await h.close();
    }
  });
});
