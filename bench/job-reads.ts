/**
 * The hourly reputation job's reads of every member, against the site's own work (docs/notes/bench.md, "Session 11";
 * db/reads/background-reads.ts). The same grouped reads (`reputationFacts` of every member), run two ways:
 * - SQLite (default): on the server's connection, then as background reads (a worker thread with its own connection),
 *   each in a fresh process: the longest the event loop went without running a 5 ms timer, and RSS before and after.
 * - PostgreSQL (BENCH_DATABASE_URL): on the pool (parallel workers allowed), then as background reads (read-only, no
 *   parallel workers), with four connections of short reads (a deal by id, a category's hottest page) running meanwhile,
 *   and a stretch with no job for reference: the job's time, the short reads' rate and p50 / p99.
 * Alternated, `--rounds` times, on the bench's cached database of `--deals` deals.
 *
 *   npx tsx bench/job-reads.ts [--deals 1000000] [--rounds 2]                                              # SQLite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/job-reads.ts [--deals 1000000]  # PostgreSQL
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { backgroundReads, onConnection, type ReadRunner } from '../src/server/db/reads/background-reads.js';
import { type Db, openDatabase } from '../src/server/db/connection.js';
import { reputationFacts } from '../src/server/features/reputation/queries.js';
import { postgresDatabase, sqliteDatabase } from './lib/datasets.js';
import { scriptFlag } from './lib/options.js';

const args = process.argv.slice(2);
const deals = Number(scriptFlag('deals', '1000000'));
const rounds = Number(scriptFlag('rounds', '2'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
const VARIANTS = { connection: 'on the connection', background: 'background reads' } as const;
type Variant = keyof typeof VARIANTS;
const runnerOf = (db: Db, v: Variant): ReadRunner => (v === 'background' ? backgroundReads(db) : onConnection);
const job = (db: Db, v: Variant) => reputationFacts(db.kysely, undefined, { read: runnerOf(db, v) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

/** One SQLite run in this (fresh) process: prints one JSON line. */
async function sqliteChild(file: string, v: Variant) {
  const db = openDatabase({ sqliteFile: file });
  const before = rssMb();
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const t = performance.now();
  const members = (await job(db, v)).size;
  const ms = performance.now() - t;
  await sleep(20);
  clearInterval(timer);
  console.log(JSON.stringify({ members, ms, heldMs: longest, rssBefore: before, rssAfter: rssMb() }));
  await db.close();
}

async function sqliteRuns() {
  const log = (s: string) => console.log(s);
  const working = await sqliteDatabase(deals, { cache: true, tmpDir: os.tmpdir() }, log);
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const v of Object.keys(VARIANTS) as Variant[]) {
        const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', v, working.databaseUrl], {
          encoding: 'utf8',
        });
        const line = child.stdout.trim().split('\n').pop() ?? '';
        if (child.status !== 0 || !line.startsWith('{')) throw new Error(`${v} failed:\n${child.stdout}${child.stderr}`);
        const r = JSON.parse(line) as { members: number; ms: number; heldMs: number; rssBefore: number; rssAfter: number };
        console.log(
          `  ${VARIANTS[v].padEnd(18)} ${r.members} members in ${(r.ms / 1000).toFixed(2)} s; event loop held at most ${r.heldMs.toFixed(0)} ms; RSS ${r.rssBefore} -> ${r.rssAfter} MB`,
        );
      }
    }
  } finally {
    await working.dispose();
  }
}

async function postgresRuns(baseUrl: string) {
  const log = (s: string) => console.log(s);
  const working = await postgresDatabase(baseUrl, deals, { cache: true }, log);
  const jobDb = openDatabase({ databaseUrl: working.databaseUrl, sqliteFile: ':memory:' });
  const loadDb = openDatabase({ databaseUrl: working.databaseUrl, sqliteFile: ':memory:' });
  try {
    const ids = (await sql<{ id: number }>`SELECT id FROM deals WHERE status = 'active' ORDER BY random() LIMIT 2000`.execute(loadDb.kysely)).rows.map(
      (r) => r.id,
    );
    const cats = (await sql<{ id: number }>`SELECT id FROM categories`.execute(loadDb.kysely)).rows.map((r) => r.id);
    const during = async (label: string, work: () => Promise<unknown>) => {
      const latencies: number[] = [];
      let stop = false;
      const reader = async (seed: number) => {
        for (let i = seed; !stop; i += 7) {
          const t = performance.now();
          if (i % 2)
            await sql`SELECT d.*, s.name FROM deals d LEFT JOIN stores s ON s.id = d.store_id WHERE d.id = ${ids[i % ids.length]}`.execute(loadDb.kysely);
          else
            await sql`SELECT id FROM deals WHERE category_id = ${cats[i % cats.length]} AND status = 'active' ORDER BY temperature DESC, id DESC LIMIT 20 OFFSET ${(i % 5) * 20}`.execute(
              loadDb.kysely,
            );
          latencies.push(performance.now() - t);
        }
      };
      const readers = [1, 2, 3, 4].map(reader);
      const t = performance.now();
      await work();
      const ms = performance.now() - t;
      stop = true;
      await Promise.all(readers);
      console.log(
        `  ${label.padEnd(28)} ${(ms / 1000).toFixed(1)} s; short reads ${((latencies.length / ms) * 1000).toFixed(0)}/s, p50 ${pct(latencies, 0.5).toFixed(2)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms`,
      );
    };
    await during('warm-up, no job', () => sleep(3_000));
    for (let round = 1; round <= rounds; round++) {
      await during('no job', () => sleep(5_000));
      for (const v of Object.keys(VARIANTS) as Variant[]) await during(`job, ${VARIANTS[v]}`, () => job(jobDb, v));
    }
  } finally {
    await jobDb.close();
    await loadDb.close();
    await working.dispose();
  }
}

async function main() {
  const child = args.indexOf('--child');
  if (child !== -1) return sqliteChild(args[child + 2], args[child + 1] as Variant);
  if (!fs.existsSync('/proc/self/status')) throw new Error('bench/job-reads.ts reads RSS from /proc (Linux)');
  console.log(`reputation job's reads, ${deals} deals, ${postgresUrl ? 'PostgreSQL' : 'SQLite'}, ${rounds} rounds`);
  if (postgresUrl) await postgresRuns(postgresUrl);
  else await sqliteRuns();
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
