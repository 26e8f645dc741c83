/**
 * Latency of every sort and filter of GET /api/deals (and the home rows) on a generated database, through app.inject:
 *   npm run seed:bulk -- --deals 1_000_000
 *   npx tsx bench/deals-api.ts --db bench/data/bulk-1000000.db [--iterations 100]
 * Two numbers per query: steady state (the total count cached, as in production between writes) and with the count
 * recomputed on every request (right after a write). Prints a Markdown table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connection.js';
import { invalidateDealCounts } from '../src/server/db/reads/count-cache.js';
import { summarise } from './lib/stats.js';
import { scriptFlag } from './lib/options.js';

const dbFile = path.resolve(scriptFlag('db', 'bench/data/bulk-1000000.db'));
const iterations = Number(scriptFlag('iterations', '60'));
if (!fs.existsSync(dbFile)) throw new Error(`No database at ${dbFile}; run npm run seed:bulk first`);

const CASES: Array<[string, string]> = [
  ['default (active, newest)', ''],
  ['sort=hottest', '?sort=hottest'],
  ['sort=getting-warm', '?sort=getting-warm'],
  ['sort=price-asc', '?sort=price-asc'],
  ['sort=price-desc', '?sort=price-desc'],
  ['sort=most-commented', '?sort=most-commented'],
  ['sort=trending', '?sort=trending'],
  ['status=expired', '?status=expired'],
  ['status=all', '?status=all'],
  ['status=all&sort=price-asc', '?status=all&sort=price-asc'],
  ['category=3', '?category=3'],
  ['category=3&sort=hottest', '?category=3&sort=hottest'],
  ['category=3&sort=price-asc', '?category=3&sort=price-asc'],
  ['store=42', '?store=42'],
  ['store=42&sort=most-commented', '?store=42&sort=most-commented'],
  ['category=1&store=2', '?category=1&store=2'],
  ['minPrice=25&maxPrice=50', '?minPrice=25&maxPrice=50'],
  ['maxPrice=25&sort=hottest', '?maxPrice=25&sort=hottest'],
  ['dealType=hot', '?dealType=hot'],
  ['dealType=warm', '?dealType=warm'],
  ['dealType=free', '?dealType=free'],
  ['dealType=discounted', '?dealType=discounted'],
  ['dealType=hot,free', '?dealType=hot,free'],
  ['search=lego', '?search=lego'],
  ['search=air fryer', '?search=air%20fryer'],
  ['search=samsung&sort=price-asc', '?search=samsung&sort=price-asc'],
  ['search=tv&sort=trending', '?search=tv&sort=trending'],
  ['search=coffee&category=4', '?search=coffee&category=4'],
  ['page=200', '?page=200'],
  ['pageSize=100', '?pageSize=100'],
  ['signed in (userVote, isSaved)', '?signed'],
  ['GET /deals/trending', '/trending'],
  ['GET /deals/getting-warm', '/getting-warm'],
  ['GET /deals/newest', '/newest'],
  ['GET /deals/most-commented', '/most-commented'],
  ['GET /deals/related', '/related?category=3&excludeDealId=5'],
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: dbFile,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    ADMIN_PASSWORD: 'Bench-Passw0rd',
    RATE_LIMIT_FACTOR: '1000',
  });
  const db = openDatabase({ sqliteFile: config.sqliteFile });
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

  const url = (q: string) => (q === '?signed' ? '/api/deals' : q.startsWith('/') ? `/api/deals${q}` : `/api/deals${q}`);
  const once = async (q: string) => {
    const t = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url: url(q), headers: q === '?signed' ? { authorization: `Bearer ${token}` } : {} });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { ms, body: res.json() };
  };

  const rows: string[] = [];
  rows.push(
    `Database: ${path.basename(dbFile)} (${(fs.statSync(dbFile).size / 1e9).toFixed(2)} GB), ${iterations} samples per column, ${os.cpus().length} cores`,
  );
  rows.push('');
  rows.push('| query | totalCount | first call ms | p50 ms | p95 ms | p95 ms, count recomputed |');
  rows.push('|---|---:|---:|---:|---:|---:|');
  for (const [name, q] of CASES) {
    invalidateDealCounts(db);
    const first = await once(q);
    const warm: number[] = [];
    for (let i = 0; i < iterations; i++) warm.push((await once(q)).ms);
    const cold: number[] = [];
    for (let i = 0; i < Math.max(10, Math.floor(iterations / 3)); i++) {
      invalidateDealCounts(db);
      cold.push((await once(q)).ms);
    }
    const w = summarise(warm);
    const c = summarise(cold);
    const total = Array.isArray(first.body.data) ? '-' : String(first.body.data.totalCount);
    rows.push(`| ${name} | ${total} | ${first.ms.toFixed(1)} | ${w.p50.toFixed(1)} | ${w.p95.toFixed(1)} | ${c.p95.toFixed(1)} |`);
    console.error(rows.at(-1));
  }
  console.log(rows.join('\n'));
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
