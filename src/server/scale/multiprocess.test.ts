/**
 * Many processes, one site (docs/notes/scale-out.md): three real server processes (node src/server/main.ts) on one fresh PostgreSQL database, one
 * Redis and one S3-compatible server, all started here on 127.0.0.1 and stopped here by pid, behave as one site:
 * 1. a deal posted through process 1 and activated through process 2 is read as active through process 3 right
 *    after the activation's response, 50 times, with no stale read (while the read cache is in use);
 * 2. a rate limit of N is reached after N requests spread over the three processes, not 3N;
 * 3. the scraper schedule's tick (SCRAPER_CRON, every minute here) runs exactly once for the three;
 * 4. an image uploaded through process 1 is served by processes 2 and 3;
 * 5. kill -9 of process 2 during a burst of 300 comments over all three: every comment that got a 2xx is in the
 *    database, and processes 1 and 3 answered every request throughout;
 * 6. Redis stopped for 5 s during reads and writes: no 5xx; rate limits and invalidation work again after;
 * 7. outbound clicks (/go/{id}) spread over the three add up in the database, a visitor who clicks on all three
 *    counting once (the daily salt and the 30-minute window are shared in Redis; docs/notes/analytics.md);
 * 8. a vote through process 1 empties no cache: the voter's next read through process 2 shows it, and a visitor on
 *    process 3 sees it within 5 s (soft writes, plugins/read-cache/soft-writes.ts).
 * Also: role changes and token revocation through one process hold on another at once; SIGTERM finishes an upload
 * in flight and exits 0.
 *
 * Runs when PostgreSQL and redis-server are available; otherwise it is skipped with a loud message, and in CI
 * (CI=true) that is a failure. .ci/run runs it as its own step (SCALE_TEST=1) and skips it in the other steps.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, pepperFeed, send, startServer } from '../test/fixtures/scrapers-ai/fixture-server.js';
import { createDatabase, freePort, type RedisServer, type S3Server, servicesOrSkip, startRedis, startS3 } from './services.js';

const check = await servicesOrSkip('Multi-process scale-out test (src/server/scale/multiprocess.test.ts)', ['postgres', 'redis'], { optOut: true });

const ADMIN_PASSWORD = 'Scale-Admin-Passw0rd';
const METRICS_TOKEN = 'scale-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  n: number;
  port: number;
  base: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

interface Reply {
  status: number;
  body: any;
}

/** One HTTP call with a time limit; a refused or reset connection is status 0. */
async function call(
  p: Proc,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer; rawType?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.raw) {
    body = new Uint8Array(opts.raw);
    headers['content-type'] = opts.rawType!;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(`${p.base}${url}`, { method, headers, body, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  } catch {
    return { status: 0, body: null };
  }
}

function multipart(field: string, file: Buffer): { raw: Buffer; rawType: string } {
  const boundary = `----scale${crypto.randomBytes(6).toString('hex')}`;
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="deal.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, rawType: `multipart/form-data; boundary=${boundary}` };
}

const png = (hue: number) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: hue % 256, g: (hue * 7) % 256, b: 160 } } })
    .png()
    .toBuffer();

describe.skipIf(!check.run)('three processes, one site', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let redis: RedisServer;
  let s3: S3Server;
  let feed: FixtureServer;
  let db: pg.Pool;
  const procs: Proc[] = [];
  let p1: Proc;
  let p2: Proc;
  let p3: Proc;
  let admin: string;
  let upAt = 0;
  let activeDealId = 0;
  let firstImage: { imageUrl: string; thumbnailUrl: string };

  const start = async (n: number, env: Record<string, string>): Promise<Proc> => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `quidsin-scale-p${n}-`));
    // Node itself (not npx), so signals reach the server and its pid is the server's.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (c: Buffer) => {
      output.push(String(c));
      if (output.length > 400) output.splice(0, output.length - 400);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const proc = { n, port, base: `http://127.0.0.1:${port}`, child, output, dataDir };
    procs.push(proc);
    return proc;
  };

  const waitReady = async (p: Proc, ms = 90_000) => {
    const end = Date.now() + ms;
    for (;;) {
      if (p.child.exitCode !== null) throw new Error(`process ${p.n} exited ${p.child.exitCode}:\n${p.output.join('').slice(-3000)}`);
      const r = await call(p, 'GET', '/api/ready');
      if (r.status === 200) return;
      if (Date.now() > end) throw new Error(`process ${p.n} not ready: ${JSON.stringify(r.body)}\n${p.output.join('').slice(-3000)}`);
      await sleep(200);
    }
  };

  const newestIds = async (p: Proc): Promise<Map<number, string>> => {
    const r = await call(p, 'GET', '/api/deals?sort=newest&status=all&limit=10');
    expect(r.status).toBe(200);
    return new Map((r.body.data.deals as Array<{ id: number; status: string }>).map((d) => [d.id, d.status]));
  };

  const cacheHits = async (p: Proc) => {
    const r = await fetch(`${p.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await r.text();
    const m = /quidsin_read_cache_requests_total\{result="hit"\} (\d+)/.exec(text);
    return Number(m?.[1] ?? 0);
  };

  /** Post via `poster`, read (and cache) via `reader`, activate via `activator`, read via `reader`: stale or not. */
  const round = async (i: number, poster: Proc, activator: Proc, reader: Proc): Promise<{ stale: boolean; id: number }> => {
    const up = await call(poster, 'POST', '/api/deals/upload-image', { token: admin, ...multipart('image', await png(i)) });
    expect(up.status).toBe(200);
    const posted = await call(poster, 'POST', '/api/deals', {
      token: admin,
      body: {
        title: `Scale deal ${i} ${crypto.randomBytes(3).toString('hex')}`,
        description: 'Posted on one process, activated on another, read on a third',
        price: 9.99,
        original_price: 19.99,
        url: `https://shop.example.test/scale/${i}/${crypto.randomBytes(4).toString('hex')}`,
        category_id: 1,
        store_id: 1,
        image_url: up.body.data.imageUrl,
      },
    });
    expect(posted.status).toBe(201);
    const id = posted.body.data.id as number;
    expect(posted.body.data.status).toBe('pending');
    // The reader caches a page without the pending deal (twice: stored, then served from the cache).
    expect((await newestIds(reader)).has(id)).toBe(false);
    expect((await newestIds(reader)).has(id)).toBe(false);
    const activated = await call(activator, 'POST', `/api/admin/deals/${id}/activate`, { token: admin, body: {} });
    expect(activated.status).toBe(200);
    const list = await newestIds(reader);
    const detail = await call(reader, 'GET', `/api/deals/${id}`);
    const stale = list.get(id) !== 'active' || detail.status !== 200 || detail.body.data.status !== 'active';
    return { stale, id };
  };

  beforeAll(async () => {
    database = await createDatabase('quidsin_scale');
    [redis, s3, feed] = await Promise.all([startRedis(), startS3('quidsin-scale'), startServer()]);
    feed.route('/rss', send('application/rss+xml', pepperFeed(feed.base)));
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      ...s3.env,
      JWT_SECRET: 'scale-test-jwt-secret-scale-test-jwt-secret',
      VOTE_NETWORK_SECRET: 'scale-test-vote-network-secret-0123456789',
      ADMIN_PASSWORD,
      DEMO_DATA: '0',
      TRUST_PROXY: '1',
      RATE_LIMIT_FACTOR: '1',
      SCRAPER_CRON: '* * * * *',
      SCRAPER_SOURCE_URL: `${feed.base}/rss`,
      SAFE_FETCH_ALLOW: `127.0.0.1:${feed.port}`,
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
    };
    // All three at once on an empty database: migrations and seeding run once, under the start-up lock.
    [p1, p2, p3] = await Promise.all([1, 2, 3].map((n) => start(n, env)));
    await Promise.all([p1, p2, p3].map((p) => waitReady(p)));
    upAt = Date.now();
    const login = await call(p1, 'POST', '/api/auth/login', {
      body: { credential: 'admin', password: ADMIN_PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(login.status).toBe(200);
    admin = login.body.data.token;
  }, 150_000);

  afterAll(async () => {
    for (const p of procs) {
      if (p.child.exitCode === null && p.child.signalCode === null && p.child.pid) {
        try {
          process.kill(p.child.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
    await db?.end();
    await redis?.stop();
    await s3?.stop();
    await feed?.close();
    await database?.drop();
    for (const p of procs) fs.rmSync(p.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('migrated and seeded once although all three started together', async () => {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    expect(rows[0].n).toBe(2);
    const migrations = await db.query('SELECT name, count(*)::int AS n FROM kysely_migration GROUP BY name HAVING count(*) > 1');
    expect(migrations.rows).toEqual([]);
  });

  it('1. a deal posted on 1 and activated on 2 is active on 3 at once (50 rounds, 0 stale reads)', async () => {
    const hitsBefore = await cacheHits(p3);
    let stale = 0;
    for (let i = 0; i < 50; i++) {
      const r = await round(i, p1, p2, p3);
      if (r.stale) stale++;
      activeDealId = r.id;
    }
    expect(stale).toBe(0);
    // The cache was in use all along (each round's second read of the page was a hit), not bypassed.
    expect((await cacheHits(p3)) - hitsBefore).toBeGreaterThanOrEqual(50);
  }, 120_000);

  it('8. a vote through 1 empties no cache: the voter’s next read on 2 shows it, a visitor on 3 sees it within 5 s, another deal stays cached', async () => {
    const { token } = await registerMember(p1, 50);
    const list = '/api/deals?sort=newest&limit=10';
    const figures = async (p: Proc, withToken?: string) => {
      const r = await call(p, 'GET', list, { token: withToken });
      expect(r.status).toBe(200);
      return (r.body.data.deals as Array<{ id: number; upvotes: number; userVote?: number }>).find((d) => d.id === activeDealId);
    };
    // Both readers hold the page in their caches (stored, then served); the third also the voted deal's own page and another deal's.
    for (const p of [p2, p3]) for (let i = 0; i < 2; i++) await figures(p);
    const before = (await figures(p3))?.upvotes ?? 0;
    const otherId = [...(await newestIds(p3)).entries()].find(([id, status]) => id !== activeDealId && status === 'active')?.[0];
    expect(otherId).toBeDefined();
    for (const url of [`/api/deals/${activeDealId}`, `/api/deals/${otherId}`]) expect((await call(p3, 'GET', url)).status).toBe(200);
    const voted = await call(p1, 'POST', '/api/votes', { token, body: { dealId: activeDealId, voteType: 1 } });
    expect(voted.status).toBe(200);
    const at = Date.now();
    // The voter, on another process, at once.
    expect(await figures(p2, token)).toMatchObject({ upvotes: before + 1, userVote: 1 });
    // A visitor on the third process: within 5 s, served from its cache meanwhile (nothing was emptied).
    const hitsBefore = await cacheHits(p3);
    let seen = -1;
    while (Date.now() - at < 6_000) {
      const mine = await figures(p3);
      expect(mine).not.toHaveProperty('userVote');
      if (mine?.upvotes === before + 1) {
        seen = Date.now() - at;
        break;
      }
      await sleep(100);
    }
    expect(seen).toBeGreaterThanOrEqual(0);
    expect(seen).toBeLessThanOrEqual(5_000);
    expect(await cacheHits(p3)).toBeGreaterThan(hitsBefore);
    // The vote aged what it changed on every process (the deal's mark is shared through Redis): the voted deal's page
    // is read again with it, while the other deal's page, which it did not change, is still served as stored.
    while (Date.now() - at < 2_600) await sleep(100);
    expect((await call(p3, 'GET', `/api/deals/${activeDealId}`)).body.data.upvotes).toBe(before + 1);
    const hitsNow = await cacheHits(p3);
    expect((await call(p3, 'GET', `/api/deals/${otherId}`)).status).toBe(200);
    expect(await cacheHits(p3)).toBe(hitsNow + 1);
  });

  it('4. an image uploaded through 1 is served by 2 and 3', async () => {
    const up = await call(p1, 'POST', '/api/deals/upload-image', { token: admin, ...multipart('image', await png(200)) });
    expect(up.status).toBe(200);
    firstImage = up.body.data;
    const fetchBytes = async (p: Proc, url: string) => {
      const res = await fetch(`${p.base}${url}`);
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const fromOne = await fetchBytes(p1, firstImage.imageUrl);
    expect(fromOne.status).toBe(200);
    expect((await sharp(fromOne.bytes).metadata()).format).toBe('webp');
    for (const p of [p2, p3]) {
      const img = await fetchBytes(p, firstImage.imageUrl);
      expect(img.status).toBe(200);
      expect(img.type).toBe('image/webp');
      expect(img.bytes.equals(fromOne.bytes)).toBe(true);
      expect((await fetchBytes(p, firstImage.thumbnailUrl)).status).toBe(200);
    }
    // No process wrote it to its own disk.
    for (const p of [p1, p2, p3]) expect(fs.existsSync(path.join(p.dataDir, firstImage.imageUrl))).toBe(false);
  });

  it('7. outbound clicks on the three processes add up; a visitor clicking on all three counts once', async () => {
    // A deal of its own (posted on 1, activated on 2), so its counts are this test's alone.
    const { id: dealId } = await round(900, p1, p2, p3);
    const ua = (visitor: string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 scale/${visitor}`;
    const go = async (p: Proc, visitor: string) => {
      const r = await fetch(`${p.base}/go/${dealId}`, {
        redirect: 'manual',
        headers: { 'user-agent': ua(visitor) },
        signal: AbortSignal.timeout(15_000),
      });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toMatch(/^https:\/\/shop\.example\.test\/scale\//);
    };
    // 12 visitors each click through all three processes (one click each), and each process gets 5 visitors of its own.
    for (let i = 0; i < 12; i++) for (const p of [p1, p2, p3]) await go(p, `everywhere-${i}`);
    for (const p of [p1, p2, p3]) for (let i = 0; i < 5; i++) await go(p, `p${p.n}-${i}`);
    // Each process adds its own share every 5 s.
    const clicks = async () =>
      Number((await db.query('SELECT coalesce(sum(clicks), 0)::int AS n FROM deal_daily_stats WHERE deal_id = $1', [dealId])).rows[0].n);
    const end = Date.now() + 20_000;
    while ((await clicks()) < 27 && Date.now() < end) await sleep(250);
    expect(await clicks()).toBe(27);
    // Nothing more arrives after a further flush: the repeats were not counted anywhere.
    await sleep(5_500);
    expect(await clicks()).toBe(27);
  }, 60_000);

  it('2. a rate limit of N (login: 10 a minute) holds across the three, not 3N', async () => {
    const ip = '198.51.100.7';
    const attempt = (p: Proc) =>
      call(p, 'POST', '/api/auth/login', { body: { credential: 'nobody-at-all', password: 'Wrong-passw0rd' }, headers: { 'x-forwarded-for': ip } });
    const first: number[] = [];
    for (let i = 0; i < 10; i++) first.push((await attempt([p1, p2, p3][i % 3])).status);
    expect(first.every((s) => s === 401)).toBe(true);
    const over = await Promise.all([p1, p2, p3].map(attempt));
    expect(over.map((r) => r.status)).toEqual([429, 429, 429]);
    expect(over[0].body.error).toMatch(/Too many requests/);
  });

  it('3. the scraper schedule runs its tick exactly once for the three processes', async () => {
    const tick = Math.floor(upAt / 60_000) * 60_000 + 60_000;
    // Wait for the first tick after all three were up, plus time for the run to finish.
    const settle = tick + 12_000 - Date.now();
    if (settle > 0) await sleep(settle);
    const from = new Date(tick).toISOString();
    const to = new Date(tick + 60_000).toISOString();
    const runs = await db.query(`SELECT source, status FROM scraper_logs WHERE created_at >= $1 AND created_at < $2`, [from, to]);
    expect(runs.rows).toEqual([{ source: 'hotukdeals', status: 'completed' }]);
    const jobs = await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'scraper' AND data->>'due' = $1`, [from]);
    expect(jobs.rows[0].n).toBe(1);
    const imported = await db.query(`SELECT count(*)::int AS n FROM deals WHERE source = 'hotukdeals'`);
    expect(imported.rows[0].n).toBeGreaterThan(0);
  }, 90_000);

  it('5. kill -9 of process 2 during 300 comments: every acknowledged comment is kept, 1 and 3 answer throughout', async () => {
    const targets = [p1, p2, p3];
    const outcomes: Array<{ proc: number; status: number; id?: number }> = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      for (;;) {
        const i = next++;
        if (i >= 300) return;
        if (i === 100 && !killed) {
          killed = true;
          process.kill(p2.child.pid!, 'SIGKILL');
        }
        const p = targets[i % 3];
        const r = await call(p, 'POST', '/api/comments', { token: admin, body: { dealId: activeDealId, text: `Burst comment ${i}` } });
        outcomes.push({ proc: p.n, status: r.status, id: r.status === 201 ? r.body.data.id : undefined });
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    await new Promise((r) => (p2.child.exitCode !== null || p2.child.signalCode !== null ? r(null) : p2.child.once('exit', r)));
    expect(p2.child.signalCode).toBe('SIGKILL');

    const survivors = outcomes.filter((o) => o.proc !== 2);
    expect(survivors.length).toBe(200);
    expect(survivors.filter((o) => o.status !== 201)).toEqual([]);
    const fromTwo = outcomes.filter((o) => o.proc === 2);
    expect(fromTwo.filter((o) => o.status === 0).length).toBeGreaterThan(0); // it really died mid-burst

    const acknowledged = outcomes.filter((o) => o.status >= 200 && o.status < 300).map((o) => o.id!);
    const { rows } = await db.query('SELECT id FROM comments WHERE id = ANY($1::int[])', [acknowledged]);
    expect(rows.length).toBe(acknowledged.length);
  }, 120_000);

  it('6. Redis stopped for 5 s: no 5xx; rate limits and invalidation work again after', async () => {
    const live = [p1, p3];
    const statuses: number[] = [];
    let stop = false;
    const traffic = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const p = live[(i + w) % 2];
        const r =
          i % 3 === 0
            ? await call(p, 'POST', '/api/comments', { token: admin, body: { dealId: activeDealId, text: `During the outage ${w}-${i}` } })
            : i % 3 === 1
              ? await call(p, 'GET', '/api/deals?sort=newest&limit=10')
              : await call(p, 'GET', `/api/comments/${activeDealId}`);
        statuses.push(r.status);
        await sleep(20);
      }
    };
    const running = Promise.all([0, 1, 2, 3].map(traffic));
    await sleep(500);
    await redis.stop();
    const outageStarted = Date.now();
    await sleep(1_000);
    const readyDuring = await call(p1, 'GET', '/api/ready');
    expect(readyDuring.status).toBe(503);
    expect(readyDuring.body.error).toBe('Not ready: redis is down');
    // A write during the outage is seen by the other process at once (its cache is bypassed).
    const during = await round(1000, p1, p3, p3);
    expect(during.stale).toBe(false);
    await sleep(Math.max(0, 5_000 - (Date.now() - outageStarted)));
    await redis.start();
    await Promise.all(live.map((p) => waitReady(p, 20_000)));
    stop = true;
    await running;
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s >= 500 || s === 0)).toEqual([]);

    // Rate limits are shared again (Redis restarted empty, so the count starts afresh).
    const ip = '203.0.113.9';
    const attempt = (p: Proc) =>
      call(p, 'POST', '/api/auth/login', { body: { credential: 'nobody-at-all', password: 'Wrong-passw0rd' }, headers: { 'x-forwarded-for': ip } });
    const first: number[] = [];
    for (let i = 0; i < 10; i++) first.push((await attempt(live[i % 2])).status);
    expect(first.every((s) => s === 401)).toBe(true);
    expect((await attempt(p1)).status).toBe(429);
    expect((await attempt(p3)).status).toBe(429);

    // Invalidation is shared again, with the cache in use.
    const hitsBefore = await cacheHits(p3);
    let stale = 0;
    for (let i = 0; i < 10; i++) if ((await round(2000 + i, i % 2 ? p3 : p1, i % 2 ? p1 : p3, p3)).stale) stale++;
    expect(stale).toBe(0);
    expect((await cacheHits(p3)) - hitsBefore).toBeGreaterThanOrEqual(10);
  }, 120_000);

  /** A verified member registered and signed in through `p` (from addresses of the documentation range ending in `ip`). */
  const registerMember = async (p: Proc, ip: number) => {
    const username = `scale${crypto.randomBytes(3).toString('hex')}`;
    const password = 'Member-Passw0rd-1';
    const registered = await call(p, 'POST', '/api/auth/register', {
      body: { username, email: `${username}@example.test`, password, confirmPassword: password, termsAccepted: true },
      headers: { 'x-forwarded-for': `192.0.2.${ip}` },
    });
    expect(registered.status).toBe(201);
    // Verified, and a week old, so the member's votes count in full.
    const weekAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await db.query('UPDATE users SET email_verified_at = $1, created_at = $2 WHERE username = $3', [new Date().toISOString(), weekAgo, username]);
    const login = await call(p, 'POST', '/api/auth/login', { body: { credential: username, password }, headers: { 'x-forwarded-for': `192.0.2.${ip + 1}` } });
    expect(login.status).toBe(200);
    return { token: login.body.data.token as string, password };
  };

  it('role changes and token revocation made through one process hold on the other at once', async () => {
    const { token, password } = await registerMember(p3, 40);
    const me = (p: Proc) => call(p, 'GET', '/api/auth/me', { token });
    const id = (await me(p3)).body.data.user.id as number;

    expect((await call(p1, 'PUT', `/api/admin/users/${id}/role`, { token: admin, body: { role: 'moderator' } })).status).toBe(200);
    expect((await me(p3)).body.data.user.role).toBe('moderator');
    expect((await call(p1, 'PUT', `/api/admin/users/${id}/role`, { token: admin, body: { role: 'user' } })).status).toBe(200);
    expect((await me(p3)).body.data.user.role).toBe('user');

    // A password change through 1 revokes every older token, on 3 too.
    const changed = await call(p1, 'PUT', `/api/users/${id}/profile`, { token, body: { currentPassword: password, newPassword: 'Member-Passw0rd-2' } });
    expect(changed.status).toBe(200);
    expect((await me(p3)).status).toBe(401);
  });

  it('SIGTERM: the upload in flight is finished, then the process exits 0', async () => {
    // A 38-megapixel photo (a small file) takes sharp about half a second: in flight when the signal lands.
    const big = await sharp({ create: { width: 7000, height: 5500, channels: 3, background: { r: 10, g: 80, b: 160 } } })
      .png()
      .toBuffer();
    const pending = call(p1, 'POST', '/api/deals/upload-image', { token: admin, ...multipart('image', big) });
    await sleep(120);
    const exited = new Promise<number | null>((r) => p1.child.once('exit', (code) => r(code)));
    process.kill(p1.child.pid!, 'SIGTERM');
    const res = await pending;
    expect(res.status).toBe(200);
    const code = await exited;
    expect(code, p1.output.join('').slice(-3000)).toBe(0);
    // The others carry on.
    expect((await call(p3, 'GET', res.body.data.imageUrl)).status).toBe(200);
  }, 60_000);
});
