/**
 * Two app instances over one Redis, as a many-process site runs (docs/ARCHITECTURE.md "Runtime contract"): the
 * harness's app and a second one built from the same config. Registers its own beforeAll/afterAll, like useHarness;
 * callers skip the describe when redis-server (or PostgreSQL) is missing (scale/services.ts servicesOrSkip).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app.js';
import { type Db, openDatabase } from '../../db/connection.js';
import { createDatabase, type RedisServer, startRedis } from '../../scale/services.js';
import { createHarness, type Harness } from '../harness.js';
import type { TestDatabase } from './postgres.js';

export interface TwoProcesses {
  /** The first process (filled in before the tests run). */
  h: Harness;
  /** The second process. */
  other: () => FastifyInstance;
}

export function useTwoProcesses({
  postgres,
  listen = false,
}: {
  /** A fresh PostgreSQL database with this name prefix, the second process on its own connection to it. */
  postgres?: string;
  /** Listen on a loopback port (for real HTTP clients such as event streams) instead of inject only. */
  listen?: boolean;
} = {}): TwoProcesses {
  let redis: RedisServer | undefined;
  let pg: TestDatabase | undefined;
  let ownDb: Db | undefined;
  let other: FastifyInstance | undefined;
  const procs: TwoProcesses = {
    h: {} as Harness,
    other: () => {
      if (!other) throw new Error('the second process starts in beforeAll');
      return other;
    },
  };
  beforeAll(async () => {
    redis = await startRedis();
    pg = postgres ? await createDatabase(postgres) : undefined;
    const h = Object.assign(procs.h, await createHarness({ REDIS_URL: redis.url, ...(pg && { DATABASE_URL: pg.url }) }));
    ownDb = pg ? openDatabase({ databaseUrl: h.config.databaseUrl, sqliteFile: h.config.sqliteFile }) : undefined;
    other = await buildApp({ config: h.config, db: ownDb ?? h.db, mailer: { send: async () => {} } }, { serveWeb: false });
    if (listen) await other.listen({ port: 0, host: '127.0.0.1' });
    else await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ownDb?.close();
    if ('close' in procs.h) await procs.h.close();
    await pg?.drop();
    await redis?.stop();
  });
  return procs;
}
