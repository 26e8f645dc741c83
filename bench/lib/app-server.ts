import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Build } from './build.js';
import { freePort, onCleanup, type Server, startServer } from './processes.js';

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
export const BENCH_ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';

export interface AppServer extends Server {
  dataDir: string;
}

/**
 * The real server as a separate process with a fresh DATA_DIR: production mode, warn-level logs, rate limits raised
 * out of the way (a load generator is one client), on a loopback port. `args` replaces the build's node arguments
 * with a launcher that starts the server itself (the cluster phase's primary, bench/lib/cluster-primary.ts).
 */
export async function startAppServer(build: Build, env: Record<string, string>, opts: { args?: string[] } = {}): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-bench-server-'));
  const forget = onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  try {
    const server = await startServer({
      args: opts.args ?? build.serverArgs,
      port,
      healthPath: '/api/health',
      timeoutMs: 180_000,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        JWT_SECRET: BENCH_JWT_SECRET,
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '1000000',
        ...(build.webRoot ? { WEB_ROOT: build.webRoot } : {}),
        ...env,
      },
    });
    return {
      ...server,
      dataDir,
      stop: async () => {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
        forget();
      },
    };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    forget();
    throw err;
  }
}
