/**
 * Prints, as Markdown, the SQLite query plan of every statement each deals API list runs on a generated database,
 * and can export its sqlite_stat1 (the fixture query-plans.test.ts plans with):
 *   npx tsx bench/deal-plans.ts --db bench/data/bulk-1000000.db [--export-stats src/server/features/deals/fixtures/sqlite-stat1-1m.json]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connection.js';
import { capturePlans, fullScans, OTHER_PLAN_CASES, PLAN_CASES } from '../src/server/features/deals/plans/query-plans.js';
import { scriptFlag } from './lib/options.js';

const dbFile = path.resolve(scriptFlag('db') ?? 'bench/data/bulk-1000000.db');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-plans-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: dbFile,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'plans-secret-plans-secret-plans-secret-1',
    ADMIN_PASSWORD: 'Bench-Passw0rd',
  });
  const db = openDatabase({ sqliteFile: config.sqliteFile });
  const exportTo = scriptFlag('export-stats');
  if (exportTo) {
    const rows = db.sqlite?.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all();
    fs.mkdirSync(path.dirname(exportTo), { recursive: true });
    fs.writeFileSync(exportTo, `${JSON.stringify(rows, null, 1)}\n`);
    console.error(`wrote ${exportTo}`);
  }
  const app = await buildApp({ config, db }, { serveWeb: false });
  await app.ready();
  const member = await db.kysely
    .selectFrom('users')
    .select(['id', 'token_version'])
    .where('role', '=', 'user')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const token = await app.deps.tokens.sign({ userId: member.id, version: member.token_version });
  const out: string[] = [];
  for (const [name, url] of [...PLAN_CASES, ...OTHER_PLAN_CASES]) {
    const { statements } = await capturePlans(app, db, url, token);
    out.push(`#### ${name}`, '```');
    for (const st of statements) {
      const flagged = fullScans(st.plan).length ? '  <-- full scan' : '';
      out.push(`${st.sql.replace(/\s+/g, ' ').slice(0, 400)}${flagged}`, ...st.plan.map((l) => `    ${l}`));
    }
    out.push('```', '');
  }
  console.log(out.join('\n'));
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
