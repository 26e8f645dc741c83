/**
 * Operations: GET /api/ready (each dependency within 1 s, 503 naming what is down, 503 while shutting down), GET
 * /metrics (only with METRICS_TOKEN and the token; 404 otherwise) and the PostgreSQL pool surviving its connections
 * being killed (pg_terminate_backend) without losing an acknowledged write.
 */
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, freePort, servicesOrSkip } from '../scale/services.js';
import { createHarness, type Harness } from '../test/harness.js';
import { InProcessEngine } from './jobs.js';

const TOKEN = 'metrics-token-0123456789';

describe('GET /api/ready', () => {
  it('is ready with the database (the only dependency of the embedded default)', async () => {
    const h = await createHarness();
    try {
      const res = await h.request({ method: 'GET', url: '/api/ready' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { status: 'ready', checks: { database: 'ok' } } });
      expect(res.headers['cache-control']).toBe('no-store');

      // SIGTERM: the balancer hears "not ready" before the listener closes.
      h.app.infra.readiness.markClosing();
      const closing = await h.request({ method: 'GET', url: '/api/ready' });
      expect(closing.status).toBe(503);
      expect(closing.body).toEqual({ success: false, error: 'Not ready: shutting down' });
      // Liveness is another question.
      expect((await h.request({ method: 'GET', url: '/api/health' })).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('names Redis when it is down, and storage when the bucket does not answer within 1 s', async () => {
    // Redis: nothing listens on this port. S3: a server that accepts connections and never answers.
    const redisPort = await freePort();
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const s3Port = (silent.address() as net.AddressInfo).port;
    const h = await createHarness({
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'never-answers',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
    });
    try {
      const started = Date.now();
      const res = await h.request({ method: 'GET', url: '/api/ready' });
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        error: 'Not ready: redis, storage are down',
        data: { checks: { database: 'ok', redis: 'down', storage: 'down' } },
      });
      expect(took).toBeGreaterThanOrEqual(900); // the storage check waited its second...
      expect(took).toBeLessThan(2_500); // ...and no longer

      // Requests are still served without Redis (the read cache bypassed, rate limits open).
      expect((await h.request({ method: 'GET', url: '/api/deals' })).status).toBe(200);
      expect(h.app.anonymousCache!.stats.bypassed).toBeGreaterThan(0);
    } finally {
      await h.close();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});

describe('GET /metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => h?.close());

  it('is a 404 without METRICS_TOKEN, whatever is sent', async () => {
    const plain = await createHarness();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await plain.request({ method: 'GET', url: '/metrics', headers });
        expect(res.status).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });

  it('is a 404 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-000000000', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await h.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Not found' });
    }
  });

  it('reports requests by route and status, the pool, the cache, jobs and the mail outbox to the token', async () => {
    for (let i = 0; i < 3; i++) await h.request({ method: 'GET', url: '/api/deals?sort=newest' });
    await h.request({ method: 'GET', url: '/api/deals/987654321' });
    const engine = new InProcessEngine(pino({ level: 'silent' }));
    h.app.infra.metrics.observeJobs(engine);
    let calls = 0;
    engine.every(
      'metrics-probe',
      60_000,
      async () => {
        if (++calls > 0) throw new Error('probe failure');
      },
      { onError: () => {} },
    );
    await engine.start();
    await engine.stop();

    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/quidsin_http_requests_total\{method="GET",route="\/api\/deals",status="200"\} 3/);
    expect(text).toMatch(/quidsin_http_requests_total\{method="GET",route="\/api\/deals\/:id",status="404"\} 1/);
    expect(text).toMatch(/quidsin_http_request_duration_seconds_count\{method="GET",route="\/api\/deals",status="200"\} 3/);
    expect(text).toMatch(/quidsin_read_cache_requests_total\{result="hit"\} 2/);
    expect(text).toMatch(/quidsin_read_cache_requests_total\{result="miss"\} 2/);
    expect(text).toMatch(/quidsin_read_cache_hit_ratio 0\.5/);
    expect(text).toMatch(/quidsin_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/quidsin_job_runs_total\{job="metrics-probe",outcome="failed"\} 1/);
    expect(text).toMatch(/quidsin_mail_outbox_depth 0/);
    expect(text).toMatch(/quidsin_process_resident_memory_bytes \d+/);
    // The raw URL (ids, query strings) never becomes a label.
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('sort=newest');
  });
});

const pgCheck = await servicesOrSkip('PostgreSQL pool recovery test (src/server/infra/ops.test.ts)', ['postgres']);

describe.skipIf(!pgCheck.run)('PostgreSQL connections killed under the app', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let h: Harness;
  beforeAll(async () => {
    database = await createDatabase('quidsin_pool');
    h = await createHarness({ DATABASE_URL: database.url, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await h?.close();
    await database?.drop();
  });

  it('recovers by itself and loses no acknowledged write', async () => {
    const member = await h.createUser();
    const admin = await h.adminToken();
    const deal = await h.request({
      method: 'POST',
      url: '/api/admin/deals',
      token: admin,
      payload: {
        title: 'Pool recovery',
        description: 'Comments survive',
        price: 1,
        original_price: 2,
        url: 'https://shop.example.test/pool',
        category_id: 1,
        store_id: 1,
        image_url: 'https://img.example.test/p.jpg',
        status: 'active',
      },
    });
    expect(deal.status).toBe(201);
    const dealId = deal.body.data.id;
    const acknowledged: number[] = [];
    const failures: number[] = [];
    const comment = async (i: number) => {
      const res = await h.request({ method: 'POST', url: '/api/comments', token: member.token, payload: { dealId, text: `Comment number ${i}` } });
      if (res.status === 201) acknowledged.push(res.body.data.id);
      else failures.push(res.status);
    };
    for (let i = 0; i < 5; i++) await comment(i);
    // Warm several pooled connections, then kill every one of them from outside (as a restart does).
    await Promise.all(Array.from({ length: 8 }, () => h.request({ method: 'GET', url: `/api/deals/${dealId}`, token: member.token })));
    const killer = await import('pg').then(({ default: pg }) => new pg.Client({ connectionString: database.url }));
    await killer.connect();
    const { rows } = await killer.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await killer.end();
    expect(rows[0].n).toBeGreaterThan(0);

    // Writes keep coming. One that meets a killed connection fails loudly (5xx: not acknowledged), never silently;
    // each such connection is dropped as it is met, so the pool is whole again within its size.
    for (let i = 5; i < 25; i++) await comment(i);
    expect(failures.every((s) => s >= 500)).toBe(true);
    expect(failures.length).toBeLessThanOrEqual(10);
    console.info(`pool recovery: ${failures.length} write(s) refused with 5xx on killed connections, ${acknowledged.length} acknowledged`);
    const before = acknowledged.length;
    for (let i = 25; i < 40; i++) await comment(i);
    expect(acknowledged.length - before).toBe(15);
    expect((await h.request({ method: 'GET', url: '/api/ready' })).status).toBe(200);

    const stored = await h.db.kysely.selectFrom('comments').select('id').where('deal_id', '=', dealId).execute();
    const ids = new Set(stored.map((r) => r.id));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
  });
});
