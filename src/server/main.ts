import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './db/seed/index.js';
import { startBackgroundJobs } from './jobs.js';

/** Entry: config -> db -> migrate -> seed -> app -> listen; SIGTERM/SIGINT close gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = {
    level: config.logLevel,
    // Never log credentials: tokens, passwords and cookies are redacted wherever they appear.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.currentPassword', '*.newPassword'],
  };
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);

  const app = await buildApp({ config, db }, { logger });
  await seed(db, config, app.log);

  const stopJobs = startBackgroundJobs(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopJobs();
    await app.close(); // finishes in-flight requests
    await db.close();
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
