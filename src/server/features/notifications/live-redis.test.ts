/**
 * The live stream across processes (docs/notes/notifications.md "Stream"): two app instances, each with its own
 * database connection (PostgreSQL, as a many-process site runs), one Redis. A notification raised through one reaches a
 * stream held on the other, once. Needs PostgreSQL and redis-server (skipped loudly without them).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type Db, openDatabase } from '../../db/connection.js';
import { createDatabase, type RedisServer, servicesOrSkip, startRedis } from '../../scale/services.js';
import type { TestDatabase } from '../../test/postgres.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/insert-deal.js';
import { openStream } from './test-helpers.js';

const check = await servicesOrSkip('Notifications across processes (notifications/live-redis.test.ts)', ['postgres', 'redis']);

describe.skipIf(!check.run)('notifications reach a stream held on another process', () => {
  let redis: RedisServer;
  let pg: TestDatabase;
  let h: Harness;
  let otherDb: Db;
  let other: FastifyInstance;

  beforeAll(async () => {
    redis = await startRedis();
    pg = await createDatabase('quidsin_notify_live');
    h = await createHarness({ REDIS_URL: redis.url, DATABASE_URL: pg.url });
    otherDb = openDatabase({ databaseUrl: h.config.databaseUrl, sqliteFile: h.config.sqliteFile });
    other = await buildApp({ config: h.config, db: otherDb, mailer: { send: async () => {} } }, { serveWeb: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await h?.close();
    await pg?.drop();
    await redis?.stop();
  });

  it('a reply made through one process streams to the poster connected to the other, once', async () => {
    const [ann, bex] = [await h.createUser(), await h.createUser()];
    const ticket = (await h.request({ method: 'POST', url: '/api/notifications/stream-ticket', token: ann.token })).body.data.ticket;
    const { port } = other.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    const { res, events, until } = stream;
    expect(res.statusCode).toBe(200);
    await until(1);
    expect(events[0]).toEqual({ unreadCount: 0 });

    const dealId = await insertDeal(h, { status: 'active', user_id: ann.id });
    const posted = await h.request({ method: 'POST', url: '/api/comments', token: bex.token, payload: { dealId, text: 'Is this still on?' } });
    expect(posted.status).toBe(201);
    await until(2);
    expect(events[1]).toMatchObject({ unreadCount: 1, notification: { type: 'deal.comment', dealId, actor: { username: bex.username } } });
    // Published once: nothing else arrives.
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toHaveLength(2);
    stream.close();
  });
});
