import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { type Db, openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type {} from '../../src/server/plugins/read-cache/anonymous-cache.js';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET } from './app-server.js';
import { onCleanup } from './processes.js';
import { type ScaleCase, scaleCases } from './scale-cases.js';
import { sampleParams } from './scale-params.js';
import { type LatencySummary, summarise } from './stats.js';

export interface ScaleRunOptions {
  warmup: number;
  minIterations: number;
  maxIterations: number;
  budgetMs: number;
  /** Only the cases whose id starts with one of these. */
  cases?: string[];
}

export interface CaseResult extends LatencySummary {
  id: string;
  label: string;
  group: ScaleCase['group'];
  browseTarget: boolean;
  p95TargetMs?: number;
}

/** The real app on a bench database, as production configures it (no web, no logs, limits out of the way). */
export async function openBenchApp(databaseUrl: string): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-bench-scale-'));
  const forget = onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: BENCH_JWT_SECRET,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '1000000',
    DEMO_DATA: '0',
  });
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    forget();
  };
  try {
    await migrateToLatest(db);
    app = await buildApp({ config, db }, { serveWeb: false, logger: false });
    await app.ready();
    return { app, db, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Latency of every case through the real app (buildApp + app.inject: routing, validation, auth, queries, presenter,
 * serialisation; no sockets), one call at a time after a warm-up, with the anonymous read cache emptied before each
 * call. Reads run first, on untouched data; writes last.
 */
export async function measureScale(databaseUrl: string, opts: ScaleRunOptions, log: (s: string) => void): Promise<CaseResult[]> {
  const { app, db, close } = await openBenchApp(databaseUrl);
  try {
    const params = await sampleParams(db, opts.warmup + opts.maxIterations);
    const tokens = new Map<number, string>();
    const tokenFor = async (m: { userId: number; tokenVersion: number }) => {
      let t = tokens.get(m.userId);
      if (!t) {
        t = await app.deps.tokens.sign({ userId: m.userId, version: m.tokenVersion });
        tokens.set(m.userId, t);
      }
      return t;
    };

    const results: CaseResult[] = [];
    for (const c of scaleCases(params).filter((x) => !opts.cases || opts.cases.some((prefix: string) => x.id.startsWith(prefix)))) {
      const call = async (i: number) => {
        const r = c.request(i);
        const headers = r.asMember ? { authorization: `Bearer ${await tokenFor(r.asMember)}` } : undefined;
        // Every call pays for its queries: the anonymous read cache would answer repeats from memory (the
        // throughput phase measures that path). The per-filter count cache stays, as between writes in production.
        app.anonymousCache?.clear();
        const started = performance.now();
        const res = await app.inject({ method: r.method, url: r.url, payload: r.payload as object | undefined, headers });
        const ms = performance.now() - started;
        if (res.statusCode >= 300) throw new Error(`${c.label}: ${r.method} ${r.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        return ms;
      };
      const capacity = c.capacity ?? Number.POSITIVE_INFINITY;
      const warmup = Math.min(opts.warmup, Math.max(0, capacity - opts.minIterations));
      const most = Math.min(opts.maxIterations, capacity - warmup);
      if (most < 1) throw new Error(`${c.label}: the database offers too few distinct samples (${capacity})`);
      let i = 0;
      for (; i < warmup; i++) await call(i);
      const samples: number[] = [];
      const started = performance.now();
      while (samples.length < most && (samples.length < opts.minIterations || performance.now() - started < opts.budgetMs)) {
        samples.push(await call(i++));
      }
      const s = summarise(samples);
      results.push({ id: c.id, label: c.label, group: c.group, browseTarget: c.browseTarget, p95TargetMs: c.p95TargetMs, ...s });
      log(
        `    ${c.label.padEnd(28)} p50 ${s.p50.toFixed(2).padStart(8)}  p95 ${s.p95.toFixed(2).padStart(8)}  p99 ${s.p99.toFixed(2).padStart(8)} ms  (n=${s.n})`,
      );
    }
    return results;
  } finally {
    await close();
  }
}
