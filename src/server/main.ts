import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { loggerOptions } from './http/log-options.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './db/seed/index.js';
import { withStartupLock } from './infra/startup-lock.js';
import { moveLocalUploads } from './infra/storage.js';
import { startBackgroundJobs } from './jobs.js';

/**
 * Entry: config -> db -> (under the start-up lock: migrate -> app -> seed) -> jobs -> listen.
 * SIGTERM/SIGINT: /api/ready turns 503, the listener stops accepting, in-flight requests and this process's job runs
 * finish (up to 15 s), then the process exits 0. Many processes may start at once on one PostgreSQL database: the
 * migrations and seeding run once, by whichever takes the lock first (infra/startup-lock.ts, docs/deploy.md).
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = loggerOptions(config.logLevel);
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const app = await withStartupLock(db, async () => {
    await migrateToLatest(db);
    const built = await buildApp({ config, db }, { logger });
    await seed(db, config, built.log);
    if (built.infra.storage.kind === 's3') {
      // Demo images are drawn to local disk; a site moving from local disk to a bucket has its files there too.
      const moved = await moveLocalUploads(config.uploadsDir, built.infra.storage);
      if (moved > 0) built.log.info({ moved }, 'local uploads moved to the S3 bucket');
    }
    return built;
  });
  if ((config.redisUrl || config.storage.kind === 's3') && !process.env.JWT_SECRET) {
    app.log.warn('JWT_SECRET is not set: every process behind one site needs the same JWT_SECRET (and VOTE_NETWORK_SECRET), see docs/deploy.md');
  }

  const stopJobs = startBackgroundJobs(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const stopping = Date.now();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 25 s: exiting anyway');
      process.exit(1);
    }, 25_000);
    force.unref();
    app.infra.readiness.markClosing();
    // No new ticks or jobs from now on; runs in progress here finish (up to 15 s, then pg-boss hands them back).
    const jobsDone = stopJobs().catch((err) => app.log.error({ err }, 'stopping the background jobs failed'));
    // Connections that fall idle after their last answer are closed as they do (keep-alive would hold close open).
    const idle = setInterval(() => app.server.closeIdleConnections(), 250);
    await app.close(); // stops accepting, finishes in-flight requests, closes Redis
    clearInterval(idle);
    await jobsDone;
    await db.close();
    app.log.info({ ms: Date.now() - stopping }, 'shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`\nQuidsIn is running at http://${shownHost}:${port}  (${db.dialect === 'postgres' ? 'PostgreSQL' : `SQLite ${config.sqliteFile}`})`);
  if (config.adminPasswordGenerated) {
    console.log(`Administrator accounts: admin / admin2, password: ${config.adminPassword}`);
    console.log(`(also kept in ${config.dataDir}/admin-password, readable only by you)\n`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
