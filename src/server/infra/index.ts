import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { SharedGeneration } from '../plugins/read-cache/anonymous-cache.js';
import { redisCacheGeneration } from './cache-generation.js';
import type { JobEngine } from './jobs.js';
import { type Metrics, registerMetrics } from './metrics.js';
import { redisRateLimitStore } from './rate-limit-store.js';
import { type Readiness, registerReadiness } from './readiness.js';
import { connectRedis, type RedisConnection } from './redis.js';
import { S3Storage, type UploadStorage, uploadStorage, useUploadStorage } from './storage.js';
import { registerS3Uploads } from './uploads-serving.js';

/**
 * What lets many processes serve one site (docs/deploy.md), set up by buildApp from the config:
 * - redis (REDIS_URL): rate-limit counters and the read cache's shared generation;
 * - storage (STORAGE): where uploads live, registered for config.uploadsDir so the image code reaches it;
 * - metrics (/metrics with METRICS_TOKEN) and readiness (/api/ready);
 * - jobs: the job engine, once jobs.ts has started it (pg-boss on PostgreSQL, in-process on SQLite).
 * With none of the variables set, nothing here changes how the single embedded process works.
 */
export interface Infra {
  redis?: RedisConnection;
  storage: UploadStorage;
  metrics: Metrics;
  readiness: Readiness;
  jobs?: JobEngine;
}

declare module 'fastify' {
  interface FastifyInstance {
    infra: Infra;
  }
}

export interface EarlyInfra {
  redis?: RedisConnection;
  storage: UploadStorage;
  /** The read cache's shared generation (with Redis). */
  sharedGeneration?: SharedGeneration;
  /** @fastify/rate-limit options that put its counters in Redis (with Redis), failing open. */
  rateLimitStore: { store?: ReturnType<typeof redisRateLimitStore>; skipOnError?: boolean };
}

/** Connects what must exist before the hooks are registered (Redis, storage). Closed with the app. */
export async function connectInfra(app: FastifyInstance, config: Config): Promise<EarlyInfra> {
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) {
    // Start with shared counters when Redis is there; without it the process starts anyway (failing open).
    await redis.waitUntilReady(2_000);
  }
  const storage = config.storage.kind === 's3' ? new S3Storage(config.storage) : uploadStorage(config.uploadsDir);
  const unregister = storage.kind === 's3' ? useUploadStorage(config.uploadsDir, storage) : () => {};
  app.addHook('onClose', async () => {
    unregister();
    if (storage instanceof S3Storage) storage.close();
    await redis?.close();
  });
  return {
    redis,
    storage,
    sharedGeneration: redis ? redisCacheGeneration(redis) : undefined,
    rateLimitStore: redis ? { store: redisRateLimitStore(redis), skipOnError: true } : {},
  };
}

/** /api/ready, /metrics and /uploads/ (from the bucket with STORAGE=s3; local disk is served by app.ts as before). */
export function registerInfraRoutes(app: FastifyInstance, config: Config, db: Db, early: EarlyInfra): Infra {
  const readiness = registerReadiness(app, { db, redis: early.redis, storage: early.storage });
  const metrics = registerMetrics(app, config.metricsToken, { db, redis: early.redis, cache: () => app.anonymousCache });
  if (early.storage instanceof S3Storage) registerS3Uploads(app, early.storage);
  const infra: Infra = { redis: early.redis, storage: early.storage, metrics, readiness };
  app.decorate('infra', infra);
  return infra;
}
