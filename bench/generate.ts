/**
 * `npm run seed:bulk -- --deals N [--db path.db | --db postgres://...] [--users N] [--seed N] [--reset]`
 * Creates (or migrates) the database and fills it with N realistic deals, members, votes, comments and saves.
 * Default database: bench/data/bulk-N.db (git-ignored). Members' password: Bench-Passw0rd.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedReferenceData } from '../src/server/db/seed/index.js';
import { BULK_PASSWORD, bulkLoad } from './lib/bulk-load.js';

const HELP = `npm run seed:bulk -- --deals N [--db bench/data/bulk.db | --db postgres://user@host/db] [--users N] [--seed N] [--reset]
  --deals N    how many deals (required; underscores allowed: 1_000_000)
  --db         SQLite file (default bench/data/bulk-N.db) or a postgres:// URL of an empty database
  --users N    members to create (default N/20, between 200 and 50,000)
  --seed N     random seed (default 42): the same seed gives the same data
  --reset      delete the SQLite file first`;

function parseArgs(argv: string[]) {
  const out: { deals?: number; db?: string; users?: number; seed?: number; reset: boolean } = { reset: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const n = Number(String(argv[++i]).replace(/_/g, ''));
      if (!Number.isInteger(n) || n < 0) throw new Error(`${a} needs a whole number`);
      return n;
    };
    if (a === '--deals') out.deals = num();
    else if (a === '--users') out.users = num();
    else if (a === '--seed') out.seed = num();
    else if (a === '--db') out.db = argv[++i];
    else if (a === '--reset') out.reset = true;
    else if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    } else throw new Error(`Unknown flag ${a}\n${HELP}`);
  }
  if (!out.deals) throw new Error(`--deals is required\n${HELP}`);
  return out as typeof out & { deals: number };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const target = args.db ?? path.join('bench', 'data', `bulk-${args.deals}.db`);
  const isPostgres = /^postgres(ql)?:\/\//.test(target);
  if (!isPostgres && args.reset) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
  const db = openDatabase({ databaseUrl: isPostgres ? target : undefined, sqliteFile: path.resolve(target) });
  try {
    await migrateToLatest(db);
    await seedReferenceData(db, { adminPassword: process.env.ADMIN_PASSWORD ?? BULK_PASSWORD });
    const report = await bulkLoad(db, {
      deals: args.deals,
      users: args.users,
      seed: args.seed,
      postgresUrl: isPostgres ? target : undefined,
      log: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Filled ${isPostgres ? 'PostgreSQL' : target}: ${report.deals} deals, ${report.users} members (password ${BULK_PASSWORD}), ` +
        `${report.votes} votes, ${report.comments} comments, ${report.saves} saves in ${report.seconds.toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
