/**
 * The real services the scale-out tests need, started and stopped by the tests themselves, on 127.0.0.1 only:
 * a fresh PostgreSQL database (created from SCALE_PG_URL / TEST_DATABASE_URL / the local default and dropped after),
 * a redis-server of our own on a free port (stopped by its pid), and an S3-compatible server (s3rver, in-process).
 *
 * `servicesOrSkip` decides whether a suite runs: when PostgreSQL or redis-server is missing it prints a loud message
 * and the suite is skipped, except in CI (CI=true) or with SCALE_TEST=1, where a missing service is a failure;
 * SCALE_TEST=0 skips on purpose (.ci/run runs the multi-process test as its own step).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, type TestDatabase } from '../test/engines/postgres.js';

export const PG_BASE_URL = process.env.SCALE_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const inCI = process.env.CI === 'true' || process.env.CI === '1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function redisServerPath(): string | undefined {
  try {
    const found = execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
    return found || undefined;
  } catch {
    return undefined;
  }
}

export async function postgresAvailable(url = PG_BASE_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export interface ServiceCheck {
  run: boolean;
  /** Why the suite does not run (printed loudly). */
  reason?: string;
}

/** Whether a suite needing `needs` runs here; throws where a missing service must fail (CI, SCALE_TEST=1). */
export async function servicesOrSkip(suite: string, needs: Array<'postgres' | 'redis'>, opts: { optOut?: boolean } = {}): Promise<ServiceCheck> {
  const mode = process.env.SCALE_TEST;
  if (opts.optOut && mode === '0') {
    console.warn(`\n[${suite}] skipped: SCALE_TEST=0 (it runs as its own step in .ci/run)\n`);
    return { run: false, reason: 'SCALE_TEST=0' };
  }
  const missing: string[] = [];
  if (needs.includes('postgres') && !(await postgresAvailable())) missing.push(`PostgreSQL at ${PG_BASE_URL.replace(/\/\/[^@]*@/, '//')}`);
  if (needs.includes('redis') && !redisServerPath()) missing.push('redis-server on PATH (apt-get install redis-server)');
  if (missing.length === 0) return { run: true };
  const reason = `missing ${missing.join(' and ')}`;
  const banner = `\n${'!'.repeat(78)}\n!! ${suite}: SKIPPED, ${reason}.\n!! Install/start them to run it; in CI (CI=true) or with SCALE_TEST=1 this is a failure.\n${'!'.repeat(78)}\n`;
  console.warn(banner);
  if (inCI || mode === '1') throw new Error(`${suite}: ${reason}`);
  return { run: false, reason };
}

/** A fresh database on the PostgreSQL server, dropped (with its connections) by `drop`. */
export function createDatabase(prefix = 'quidsin_scale'): Promise<TestDatabase> {
  return createPostgresDatabase(PG_BASE_URL, prefix);
}

export interface RedisServer {
  url: string;
  port: number;
  readonly pid: number | undefined;
  /** Stops it (SIGTERM to our own pid) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: no persistence). */
  start(): Promise<void>;
}

/** redis-server on a free loopback port, without persistence, owned by this test (stopped by pid). */
export async function startRedis(): Promise<RedisServer> {
  const bin = redisServerPath();
  if (!bin) throw new Error('redis-server is not installed');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (c) => (out += c));
    child.stderr?.on('data', (c) => (out += c));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${out.slice(-500)}`);
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.write('PING\r\n');
        });
        s.once('data', (d) => {
          s.destroy();
          resolve(d.toString().includes('PONG'));
        });
        s.once('error', () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}: ${out.slice(-500)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.pid === undefined) return;
      const exited = new Promise((r) => c.once('exit', r));
      process.kill(c.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (c.exitCode === null && c.signalCode === null) {
        process.kill(c.pid, 'SIGKILL');
        await exited;
      }
    },
    start,
  };
}

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver (an S3-compatible server that works offline) on a free loopback port, with one bucket. */
export async function startS3(bucket = 'quidsin-test'): Promise<S3Server> {
  // s3rver ships no types; required by name so the production build never needs it (a devDependency).
  const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts these fixed credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
