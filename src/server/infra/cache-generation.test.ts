/**
 * The soft-write marks every process shares through Redis: a mark only moves forward (two processes marking at
 * nearly the same moment), a deal's mark is that deal's alone, and the marking script survives a Redis that forgot it.
 * Needs redis-server (skipped loudly without it).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, servicesOrSkip, startRedis } from '../scale/services.js';
import { redisCacheGeneration } from './cache-generation.js';
import { connectRedis, type RedisConnection } from './redis.js';

const check = await servicesOrSkip('shared cache marks (src/server/infra/cache-generation.test.ts)', ['redis']);

describe.skipIf(!check.run)('shared soft-write marks in Redis', () => {
  let server: RedisServer;
  let a: RedisConnection;
  let b: RedisConnection;

  beforeAll(async () => {
    server = await startRedis();
    const log = pino({ level: 'silent' });
    a = connectRedis(server.url, log, { name: 'marks-a' });
    b = connectRedis(server.url, log, { name: 'marks-b' });
    const end = Date.now() + 5_000;
    while (!(a.isReady() && b.isReady())) {
      if (Date.now() > end) throw new Error('Redis connections not ready');
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await server?.stop();
  });

  it('marks only move forward, per deal, with the lists when asked; a member mark is theirs', async () => {
    const key = 'marks-test-1';
    const first = redisCacheGeneration(a, key);
    const second = redisCacheGeneration(b, key);
    await first.markSoftWrite(7, 2_000, { kind: 'deal', dealId: 11, lists: true });
    // The other process's earlier time arrives later: it must not pull the marks back.
    await second.markSoftWrite(8, 1_000, { kind: 'deal', dealId: 11, lists: true });
    const read = await first.read(7, 11);
    expect(read).toMatchObject({ listsAt: 2_000, dealAt: 2_000, allAt: 0, memberAt: 2_000 });
    expect(await second.read(8, 12)).toMatchObject({ dealAt: 0, memberAt: 1_000 });

    await second.markSoftWrite(undefined, 3_000, { kind: 'deal', dealId: 12, lists: false });
    expect(await first.read(undefined, 12)).toMatchObject({ listsAt: 2_000, dealAt: 3_000 });
    await first.markSoftWrite(undefined, 4_000, { kind: 'all' });
    expect(await second.read(undefined, 11)).toMatchObject({ listsAt: 4_000, allAt: 4_000, dealAt: 2_000 });
  });

  it('marks still land after Redis forgot its scripts (the script is sent again)', async () => {
    const key = 'marks-test-2';
    const gen = redisCacheGeneration(a, key);
    await gen.markSoftWrite(undefined, 5_000, { kind: 'deal', dealId: 3, lists: true });
    await a.client.script('FLUSH');
    await gen.markSoftWrite(undefined, 6_000, { kind: 'deal', dealId: 3, lists: true });
    expect(await gen.read(undefined, 3)).toMatchObject({ listsAt: 6_000, dealAt: 6_000 });
  });
});
