/**
 * `npx tsx bench/cache-coherence.ts [--seconds 4] [--connections 16] [--runs 2]`
 *
 * How should N processes keep the anonymous read cache coherent (docs/notes/scale-out.md)? Three candidates, measured on this
 * machine against a real redis-server (started here on a free loopback port and stopped after):
 * - local:       one process's in-memory cache, no coherence (the embedded default; the ceiling);
 * - shared-gen:  the in-memory cache plus one GET of a shared generation in Redis per cacheable read; writes INCR it
 *                before their response (what plugins/read-cache/anonymous-cache.ts + infra/cache-generation.ts do);
 * - bytes:       the cached bytes themselves in Redis (one HGET of the page per read; writes INCR + DEL);
 * - pubsub-ack:  reads as local; every write PUBLISHes an invalidation and waits until every process has acknowledged.
 * Reads: autocannon (its own process) against a Fastify app serving a realistic 33 kB browse page through each cache.
 * Writes: the latency each approach adds to a write before its response may leave (sequential, 2,000 each).
 * Writes bench/results/cache-coherence.json. Numbers are this 2-core machine's; what matters is their ratios.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { registerAnonymousReadCache } from '../src/server/plugins/read-cache/anonymous-cache.js';
import { redisCacheGeneration } from '../src/server/infra/cache-generation.js';
import { connectRedis } from '../src/server/infra/redis.js';
import { startRedis } from '../src/server/scale/services.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 4);
const CONNECTIONS = arg('connections', 16);
const RUNS = arg('runs', 2);
const WRITES = 2_000;

/** A browse page of 24 deals, about the size of the real one (33 kB of JSON). */
function browsePage(): unknown {
  const deals = Array.from({ length: 24 }, (_, i) => ({
    id: 100_000 + i,
    title: `Deal number ${i}: a fairly long product title of the kind people post, with a model name and size`,
    description: 'A description that the list shows trimmed, long enough to be typical of what members write. '.repeat(6),
    price: 19.99 + i,
    originalPrice: 39.99 + i,
    url: `https://shop.example.test/products/${i}?ref=quidsin`,
    imageUrl: `/uploads/deals/l${i}abcdef-0123456789abcdef.webp`,
    thumbnailUrl: `/uploads/deals/l${i}abcdef-0123456789abcdef-thumb.webp`,
    status: 'active',
    temperature: 120 - i,
    upvotes: 130 - i,
    downvotes: 10,
    commentCount: i * 3,
    store: { id: 3, name: 'Argos', slug: 'argos', logoUrl: '/uploads/stores/argos.webp' },
    category: { id: 2, name: 'Electronics', slug: 'electronics', icon: 'tv' },
    user: { id: 7 + i, username: `member${i}`, avatar: null },
    coupon: i % 3 === 0 ? 'SAVE10' : null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString(),
    publishedAt: new Date(Date.UTC(2025, 0, 1, 12, i)).toISOString(),
    expiresAt: null,
    userVote: null,
    saved: false,
  }));
  return { success: true, data: { deals, pagination: { page: 1, limit: 24, total: 12_345, totalPages: 515 } } };
}

const PAGE = browsePage();
const PATH = '/api/deals?sort=newest&page=1';

function route(app: FastifyInstance) {
  // A miss costs a query and a serialisation; only misses reach here.
  app.get('/api/deals', async () => PAGE);
}

/** The cached bytes in Redis: one hash of url -> bytes, emptied by writes; a read that began before a write never stores. */
function bytesInRedis(app: FastifyInstance, redis: Redis) {
  const HASH = 'quidsin:bench:bytes';
  const GEN = 'quidsin:bench:bytes-gen';
  redis.defineCommand('storeIfGen', {
    numberOfKeys: 2,
    lua: `if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('HSET', KEYS[1], ARGV[2], ARGV[3]); redis.call('PEXPIRE', KEYS[1], 10000) end return 1`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const hit = await redis.hgetBuffer(HASH, request.url);
    if (hit) return reply.header('content-type', 'application/json; charset=utf-8').send(hit);
    (request as unknown as { gen: string }).gen = (await redis.get(GEN)) ?? '0';
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const gen = (request as unknown as { gen?: string }).gen;
    if (gen !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      await (redis as unknown as { storeIfGen(...a: string[]): Promise<number> }).storeIfGen(HASH, GEN, gen, request.url, payload);
    }
    return payload;
  });
  return async () => {
    await redis.multi().incr(GEN).del(HASH).exec();
  };
}

interface ReadResult {
  variant: string;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
}

/** autocannon in its own process (the server under test keeps this one's event loop to itself). */
async function autocannon(url: string): Promise<{ reqPerSec: number; p50: number; p99: number }> {
  const bin = path.resolve('node_modules/autocannon/autocannon.js');
  const { stdout } = await promisify(execFile)(process.execPath, [bin, '-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', url], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const r = JSON.parse(stdout);
  if (r.non2xx || r.errors) throw new Error(`autocannon saw ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function measureReads(variant: string, setUp: (app: FastifyInstance) => void | Promise<void>): Promise<ReadResult> {
  const app = Fastify({ logger: false });
  await setUp(app);
  route(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}${PATH}`;
  await fetch(url);
  await fetch(url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await autocannon(url));
  await app.close();
  const best = runs.sort((a, b) => b.reqPerSec - a.reqPerSec)[0];
  return { variant, reqPerSec: Math.round(best.reqPerSec), p50ms: best.p50, p99ms: best.p99 };
}

async function timeWrites(name: string, write: () => Promise<void>): Promise<{ approach: string; meanUs: number; p99Us: number }> {
  for (let i = 0; i < 100; i++) await write();
  const samples: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const t = process.hrtime.bigint();
    await write();
    samples.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  samples.sort((a, b) => a - b);
  return {
    approach: name,
    meanUs: Math.round(samples.reduce((s, x) => s + x, 0) / samples.length),
    p99Us: Math.round(samples[Math.floor(samples.length * 0.99)]),
  };
}

/** PUBLISH an invalidation and wait for an acknowledgement from each of `n` subscribers (other processes). */
async function pubsubAck(url: string, n: number) {
  const publisher = new Redis(url);
  const ackListener = new Redis(url);
  const subscribers = Array.from({ length: n }, () => ({ sub: new Redis(url), pub: new Redis(url) }));
  for (const s of subscribers) {
    await s.sub.subscribe('quidsin:bench:invalidate');
    s.sub.on('message', (_ch, id) => {
      // A process drops its cache, then says so.
      void s.pub.publish('quidsin:bench:ack', id);
    });
  }
  await ackListener.subscribe('quidsin:bench:ack');
  const waiting = new Map<string, { left: number; done: () => void }>();
  ackListener.on('message', (_ch, id) => {
    const w = waiting.get(id);
    if (w && --w.left === 0) {
      waiting.delete(id);
      w.done();
    }
  });
  let seq = 0;
  const write = () =>
    new Promise<void>((resolve) => {
      const id = String(++seq);
      waiting.set(id, { left: n, done: resolve });
      void publisher.publish('quidsin:bench:invalidate', id);
    });
  const close = async () => {
    for (const c of [publisher, ackListener, ...subscribers.flatMap((s) => [s.sub, s.pub])]) c.disconnect();
  };
  return { write, close };
}

async function main() {
  const redisServer = await startRedis();
  const log = pino({ level: 'silent' });
  const conn = connectRedis(redisServer.url, log);
  await conn.waitUntilReady(2_000);
  const raw = new Redis(redisServer.url);
  try {
    console.log(`Reads: ${CONNECTIONS} connections, ${SECONDS} s, best of ${RUNS}, one cached 33 kB page (identity encoding)`);
    const reads: ReadResult[] = [];
    reads.push(await measureReads('none (every read serialised)', () => {}));
    reads.push(await measureReads('local (one process)', (app) => void registerAnonymousReadCache(app)));
    reads.push(
      await measureReads(
        'shared-gen (GET per read)',
        (app) => void registerAnonymousReadCache(app, { shared: redisCacheGeneration(conn, 'quidsin:bench:gen') }),
      ),
    );
    reads.push(await measureReads('bytes in Redis (HGET per read)', (app) => void bytesInRedis(app, raw)));
    // Pub/sub with acknowledged bumps reads exactly like the local cache: its cost is all on the write side.
    reads.push({ ...reads[1], variant: 'pubsub-ack (reads as local)' });
    console.table(reads);

    console.log(`Writes: what each approach adds before a write's response may leave (${WRITES} sequential)`);
    const shared = redisCacheGeneration(conn, 'quidsin:bench:gen');
    const bytesInvalidate = bytesInRedis(Fastify(), new Redis(redisServer.url));
    const acks = await pubsubAck(redisServer.url, 3);
    const writes = [
      await timeWrites('shared-gen: INCR', () => shared.bump()),
      await timeWrites('bytes: INCR + DEL (MULTI)', bytesInvalidate),
      await timeWrites('pubsub-ack: PUBLISH + 3 acks', acks.write),
    ];
    await acks.close();
    console.table(writes);

    const pageBytes = Buffer.byteLength(JSON.stringify(PAGE));
    const out = {
      measuredAt: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      pageBytes,
      connections: CONNECTIONS,
      seconds: SECONDS,
      reads,
      writes,
    };
    fs.mkdirSync('bench/results', { recursive: true });
    fs.writeFileSync('bench/results/cache-coherence.json', `${JSON.stringify(out, null, 2)}\n`);
    console.log('written to bench/results/cache-coherence.json');
  } finally {
    raw.disconnect();
    await conn.close();
    await redisServer.stop();
  }
  process.exit(0);
}

void main();
