/**
 * What members' writes cost the machine, without reads (docs/notes/bench.md "What a write costs"): the production
 * server on the 100k database of the `mixed` phase, the same writers (half votes, three in ten saves or unsaves, two
 * in ten comments) at a fixed rate, and the CPU time the server process and every PostgreSQL process used meanwhile
 * (/proc, Linux only), less what they use idle over as long, per acknowledged write. CPU time is what the machine's
 * other load blurs least: the reads of the `mixed` phase run on the same two cores.
 *
 *   npx tsx bench/write-cost.ts [--rate 100] [--seconds 20]                                        # SQLite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/write-cost.ts       # PostgreSQL
 *
 * `--build-dir DIR` measures the build in DIR (as `npm run bench` does), so that two builds can be run in turn.
 * `--profile DIR` writes the server's CPU profile there (node --cpu-prof, written when the server stops), to see
 * where a write's server time goes (Chromium's DevTools open it).
 */
import fs from 'node:fs';
import os from 'node:os';
import { startAppServer } from './lib/app-server.js';
import { existingBuild } from './lib/build.js';
import { postgresDatabase, sqliteDatabase } from './lib/datasets.js';
import { prepareLoad, startWriters } from './lib/mixed.js';
import { cpuTimeMs } from './lib/processes.js';
import { scriptFlag } from './lib/options.js';

const rate = Number(scriptFlag('rate', '100'));
const seconds = Number(scriptFlag('seconds', '20'));
const deals = Number(scriptFlag('deals', '100000'));
const profileDir = scriptFlag('profile');
const postgresUrl = process.env.BENCH_DATABASE_URL;

/** utime + stime of every PostgreSQL process (backends, WAL writer, checkpointer, autovacuum), in ms. */
function postgresCpu(): number {
  let total = 0;
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres') total += cpuTimeMs(Number(p));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  if (!fs.existsSync('/proc/self/stat')) throw new Error('bench/write-cost.ts reads CPU time from /proc (Linux)');
  const log = (s: string) => console.log(s);
  const engine = postgresUrl ? 'postgres' : 'sqlite';
  const db = postgresUrl
    ? await postgresDatabase(postgresUrl, deals, { cache: true }, log)
    : await sqliteDatabase(deals, { cache: true, tmpDir: os.tmpdir() }, log);
  const build = existingBuild(scriptFlag('build-dir'));
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...build.serverArgs] : undefined;
  const server = await startAppServer(build, { DATABASE_URL: db.databaseUrl }, { args });
  try {
    const setup = await prepareLoad(server.url, db.databaseUrl, { members: 50, dealPages: 12 });
    await sleep(2_000);
    // Idle first: what the server's timers and PostgreSQL's background use with nothing to do.
    const idle0 = { server: cpuTimeMs(server.pid), pg: postgresCpu() };
    await sleep(seconds * 1000);
    const idle = { server: cpuTimeMs(server.pid) - idle0.server, pg: postgresCpu() - idle0.pg };
    const busy0 = { server: cpuTimeMs(server.pid), pg: postgresCpu(), at: Date.now() };
    const writers = startWriters(server.url, setup.members, setup.dealIds, rate, 0);
    await sleep(seconds * 1000);
    const { writes } = await writers.stop();
    const scale = (Date.now() - busy0.at) / (seconds * 1000);
    const serverMs = cpuTimeMs(server.pid) - busy0.server - idle.server * scale;
    const pgMs = postgresCpu() - busy0.pg - idle.pg * scale;
    const per = (ms: number) => (ms / Math.max(1, writes.ok)).toFixed(2);
    console.log(
      `\n${engine}, ${deals} deals, ${rate} writes/s for ${seconds} s: ${writes.ok} acknowledged, ${writes.refused} refused, ${writes.failed} failed` +
        `\n  server process: ${per(serverMs)} ms CPU per write (idle: ${idle.server.toFixed(0)} ms over ${seconds} s)` +
        (engine === 'postgres' ? `\n  PostgreSQL processes: ${per(pgMs)} ms CPU per write (idle: ${idle.pg.toFixed(0)} ms over ${seconds} s)` : ''),
    );
  } finally {
    await server.stop();
    await db.dispose();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
