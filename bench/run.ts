/**
 * `npm run bench` — latency at scale, throughput against a baseline, page weight, Lighthouse and memory, in one run
 * on one machine, printed as tables with PASS/MISS beside each target and written to bench/results/.
 * `npm run bench -- --smoke` (run by `npm test`) does all of it at tiny sizes in well under a minute, without Lighthouse.
 * See docs/notes/bench.md.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/connection.js';
import { BULK_PASSWORD } from './lib/bulk-load.js';
import { startAppServer } from './lib/app-server.js';
import { type Build, buildProduction, existingBuild, smokeBuild } from './lib/build.js';
import { postgresDatabase, sqliteDatabase, type WorkingDatabase } from './lib/datasets.js';
import { type LighthousePage, lighthousePages, runLighthouse } from './lib/lighthouse.js';
import { PHASES, parseOptions } from './lib/options.js';
import { measurePageWeight, type PageWeightResult } from './lib/page-weight.js';
import { onCleanup } from './lib/processes.js';
import * as report from './lib/report.js';
import { measureScale } from './lib/scale.js';
import { type GoEngineResult, measureRedirect } from './lib/go.js';
import type { TargetCheck } from './lib/targets.js';
import { measureMixed, type MixedResult } from './lib/mixed.js';
import { type ClusterResult, measureCluster } from './lib/cluster.js';
import { PG_BASE_URL, postgresAvailable, redisServerPath } from '../src/server/scale/services.js';
import { measureThroughput, type ThroughputResult } from './lib/throughput.js';

/** A generated member to sign in as: every member the generator makes has BULK_PASSWORD. */
async function generatedMember(databaseUrl: string): Promise<{ credential: string; password: string }> {
  const isPg = databaseUrl.startsWith('postgres');
  const db = openDatabase({ databaseUrl: isPg ? databaseUrl : undefined, sqliteFile: databaseUrl });
  try {
    const row = await db.kysely
      .selectFrom('users')
      .select('username')
      .where('role', '=', 'user')
      .where('email_verified_at', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new Error('the generated database has no verified member to sign in as');
    return { credential: row.username, password: BULK_PASSWORD };
  } finally {
    await db.close();
  }
}

const opts = parseOptions(process.argv.slice(2));
const log = (s: string) => console.log(s);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-bench-'));
onCleanup(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

interface Results {
  startedAt: string;
  finishedAt?: string;
  smoke: boolean;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAverageAtStart: number[]; commit: string };
  options: Record<string, unknown>;
  notes: string[];
  /** Phases that failed: the others still ran and are reported; the run exits 1. */
  errors: Array<{ phase: string; message: string }>;
  scale: report.ScaleEngineResult[];
  go: GoEngineResult[];
  throughput: ThroughputResult[];
  mixed: MixedResult[];
  cluster?: ClusterResult;
  memory?: report.MemoryResult;
  pageWeight?: PageWeightResult;
  lighthouse?: LighthousePage[];
  targets: TargetCheck[];
}

function commit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function withDatabase<T>(make: () => Promise<WorkingDatabase>, use: (db: WorkingDatabase) => Promise<T>): Promise<T> {
  const db = await make();
  try {
    return await use(db);
  } finally {
    await db.dispose();
  }
}

async function main() {
  const results: Results = {
    startedAt: new Date().toISOString(),
    smoke: opts.smoke,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
      commit: commit(),
    },
    options: { ...opts, phases: [...opts.phases] },
    notes: [],
    errors: [],
    scale: [],
    go: [],
    throughput: [],
    mixed: [],
    targets: [],
  };
  log(
    `QuidsIn benchmark${opts.smoke ? ' (smoke)' : ''}: phases ${[...opts.phases].join(', ')}; ${results.machine.cpus} CPUs, load ${results.machine.loadAverageAtStart.join(' ')}, Node ${process.version}, commit ${results.machine.commit}`,
  );
  if (results.machine.loadAverageAtStart[0] > results.machine.cpus)
    log(`  note: the machine is busy (load ${results.machine.loadAverageAtStart[0]}): absolute numbers are noisy, ratios are what count`);
  const sqlite = (deals: number) => () => sqliteDatabase(deals, { cache: !opts.smoke, tmpDir }, log);
  /** SQLite, and PostgreSQL with BENCH_DATABASE_URL: the engines of the scale and go phases. */
  const engines = () => {
    const list: Array<{ engine: 'sqlite' | 'postgres'; sizes: number[]; make: (deals: number) => () => Promise<WorkingDatabase> }> = [
      { engine: 'sqlite', sizes: opts.sqliteSizes, make: sqlite },
    ];
    const url = opts.postgresUrl;
    if (url) list.push({ engine: 'postgres', sizes: opts.sizes, make: (deals) => () => postgresDatabase(url, deals, { cache: !opts.smoke }, log) });
    return list;
  };

  const phase = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      results.errors.push({ phase: name, message });
      console.error(`\n!!! ${name} FAILED: ${message}\n`);
    }
  };

  // 1. Scale: latency per query at each size, SQLite then PostgreSQL.
  if (opts.phases.has('scale'))
    await phase('scale', async () => {
      for (const { engine, sizes, make } of engines()) {
        log(`\n== scale: ${engine} [${elapsed()}]`);
        const r: report.ScaleEngineResult = { engine, sizes: [] };
        for (const deals of sizes) {
          await withDatabase(make(deals), async (db) => {
            log(`  ${engine} ${deals} deals`);
            const t0 = Date.now();
            const cases = await measureScale(db.databaseUrl, opts, log);
            r.sizes.push({ deals, cases, seconds: (Date.now() - t0) / 1000 });
          });
        }
        results.scale.push(r);
      }
    });

  // 1b. The counted redirect to a shop, GET /go/{id}, at each size on both engines.
  if (opts.phases.has('go'))
    await phase('go', async () => {
      for (const { engine, sizes, make } of engines()) {
        log(`\n== go: ${engine} [${elapsed()}]`);
        const r: GoEngineResult = { engine, sizes: [] };
        for (const deals of sizes) {
          await withDatabase(make(deals), async (db) => {
            log(`  ${engine} ${deals} deals`);
            r.sizes.push({ deals, result: await measureRedirect(db.databaseUrl, opts, log) });
          });
        }
        results.go.push(r);
      }
    });

  // 2. and 4. Throughput against the production build, and RSS after it at the memory size.
  let build: Build | undefined;
  const needBuild = ['throughput', 'mixed', 'cluster', 'memory', 'weight', 'lighthouse'].some((p) => opts.phases.has(p as never));
  if (needBuild)
    await phase('build', async () => {
      log(`\n== build [${elapsed()}]`);
      build = opts.smoke ? smokeBuild(tmpDir) : opts.build ? buildProduction(log) : existingBuild(opts.buildDir);
      results.notes.push(...build.notes);
      for (const n of build.notes) log(`  ${n}`);
    });
  const built = (): Build => {
    if (!build) throw new Error('no build (see the build failure above)');
    return build;
  };
  const throughputAt = async (deals: number) => {
    log(`\n== throughput: ${deals} deals, ${opts.connections} connections, ${opts.durationSec} s per run [${elapsed()}]`);
    const r = await withDatabase(sqlite(deals), async (db) =>
      measureThroughput(
        built(),
        db.databaseUrl,
        deals,
        { durationSec: opts.durationSec, connections: opts.connections, member: await generatedMember(db.databaseUrl) },
        log,
      ),
    );
    results.throughput.push(r);
    results.notes.push(...r.notes);
    return r;
  };
  if (opts.phases.has('throughput'))
    await phase('throughput', async () => {
      const r = await throughputAt(opts.throughputSize);
      if (opts.memorySize === opts.throughputSize) results.memory = { deals: r.deals, reading: r.memory };
    });
  // 2b. Reads under writes: the visitors' read mix alone and while members write, on both engines.
  if (opts.phases.has('mixed'))
    await phase('mixed', async () => {
      for (const { engine, make } of engines()) {
        log(`\n== mixed: ${engine}, ${opts.mixedSize} deals, ${opts.connections} connections [${elapsed()}]`);
        const r = await withDatabase(make(opts.mixedSize), async (db) =>
          measureMixed(
            built(),
            engine,
            db.databaseUrl,
            opts.mixedSize,
            { durationSec: opts.durationSec, connections: opts.connections, rates: [20, 100], members: 50 },
            log,
          ),
        );
        results.mixed.push(r);
      }
    });
  // 2c. Many processes: the same load on N server processes (node's cluster module) and on one, PostgreSQL and Redis.
  if (opts.phases.has('cluster'))
    await phase('cluster', async () => {
      const c = opts.cluster;
      // PostgreSQL is what many processes share: BENCH_DATABASE_URL, else the local test server the scale-out tests use.
      const url = opts.postgresUrl ?? ((await postgresAvailable(PG_BASE_URL)) ? PG_BASE_URL : undefined);
      const missing = [url ? '' : `PostgreSQL (BENCH_DATABASE_URL or ${PG_BASE_URL})`, redisServerPath() ? '' : 'redis-server on PATH'].filter(Boolean);
      if (missing.length > 0) {
        // A smoke run on a machine without them is not a failure; a measuring run is.
        if (!opts.smoke) throw new Error(`the cluster phase needs ${missing.join(' and ')}`);
        results.notes.push(`cluster phase skipped: no ${missing.join(' and ')}`);
        log(`\n== cluster: SKIPPED, no ${missing.join(' and ')}`);
        return;
      }
      log(
        `\n== cluster: ${c.processes} processes vs one, postgres, ${c.size} deals, ${c.connections} connections, ${c.writesPerSec} writes/s, ${c.durationSec} s each [${elapsed()}]`,
      );
      results.cluster = await withDatabase(
        () => postgresDatabase(url as string, c.size, { cache: !opts.smoke }, log),
        async (db) => measureCluster(built(), db.databaseUrl, c.size, c, log),
      );
    });
  if (opts.phases.has('memory') && !results.memory)
    await phase('memory', async () => {
      const r = await throughputAt(opts.memorySize);
      results.memory = { deals: r.deals, reading: r.memory };
    });

  // 3. Page weight and Lighthouse on the built site.
  if (opts.phases.has('weight'))
    await phase('page weight', async () => {
      log(`\n== page weight [${elapsed()}]`);
      const b = built();
      if (b.webRoot) results.pageWeight = measurePageWeight(b.webRoot, b.mapsDir);
      else {
        results.notes.push('page weight skipped: no web build');
        log('  skipped: no web build (npm run build)');
      }
    });
  if (opts.phases.has('lighthouse'))
    await phase('lighthouse', async () => {
      log(`\n== lighthouse [${elapsed()}]`);
      const b = built();
      if (!b.webRoot) throw new Error('Lighthouse needs the web build');
      const server = await startAppServer(b, { DEMO_DATA: '1' });
      try {
        const { pages, notes } = await lighthousePages(server.url);
        results.notes.push(...notes);
        results.lighthouse = await runLighthouse(pages, { mobileRuns: 3, desktopRuns: 1 }, log);
      } finally {
        await server.stop();
      }
    });

  // Tables and targets.
  const checks: TargetCheck[] = [];
  console.log(`\n================ results${opts.smoke ? ' (smoke: tiny sizes, numbers meaningless)' : ''} ================`);
  for (const s of results.scale) {
    console.log(`\nLatency through the app (ms, one request at a time after warm-up), ${s.engine}:\n`);
    console.log(report.scaleTable(s));
    for (const cs of report.scaleChecks(s).values()) checks.push(...cs);
  }
  for (const g of results.go) {
    console.log(`\nGET /go/{id}, the counted redirect (ms, one request at a time after warm-up, each a new visitor), ${g.engine}:\n`);
    console.log(report.goTable(g));
    checks.push(...report.goChecks(g));
  }
  for (const t of results.throughput) {
    console.log(
      `\nThroughput at ${report.sizeLabel(t.deals)} deals (autocannon ${opts.connections} connections, ${opts.durationSec} s; baseline = bare Fastify serving the same bytes):\n`,
    );
    console.log(report.throughputTable(t));
    if (t.deals === opts.throughputSize) checks.push(...report.throughputChecks(t));
  }
  for (const m of results.mixed) {
    console.log(
      `\nReads under writes, ${m.engine}, ${report.sizeLabel(m.deals)} deals (the visitors' read mix with autocannon, ${opts.connections} connections, alone and while members vote, save and comment; segments ABBA):\n`,
    );
    console.log(report.mixedTable(m));
    checks.push(...report.mixedChecks(m));
  }
  if (results.cluster) {
    const c = results.cluster;
    console.log(
      `\nMany processes, postgres, ${report.sizeLabel(c.deals)} deals (node's cluster module, round-robin; the read mix with autocannon, ${c.connections} connections, while members write at ${c.writesPerSec}/s; ${c.durationSec} s on each side, segments ABBA):\n`,
    );
    console.log(report.clusterTable(c));
    checks.push(...report.clusterChecks(c));
  }
  if (results.memory) {
    console.log(`\n${report.memoryLine(results.memory)}`);
    checks.push(...report.memoryChecks(results.memory));
  }
  if (results.pageWeight) {
    console.log('\nPage weight (production build; gzip -9):\n');
    console.log(report.weightTables(results.pageWeight));
    for (const n of results.pageWeight.notes) console.log(`  note: ${n}`);
    checks.push(...report.weightChecks(results.pageWeight));
  }
  if (results.lighthouse) {
    console.log('\nLighthouse performance and accessibility (demo data; median of the runs):\n');
    console.log(report.lighthouseTable(results.lighthouse));
    const ops = report.lighthouseOpportunities(results.lighthouse);
    if (ops) console.log(`\nLighthouse's own suggestions:\n${ops}`);
    checks.push(...report.lighthouseChecks(results.lighthouse));
  }
  results.targets = checks;
  results.finishedAt = new Date().toISOString();
  console.log(`\n${report.targetSummary(checks)}`);
  for (const n of results.notes) console.log(`note: ${n}`);

  const json = JSON.stringify(results, null, 2);
  if (opts.writeResults) {
    const dir = path.resolve('bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const stamped = path.join(dir, `${results.startedAt.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(stamped, json);
    // latest.json (committed) is the latest complete run of the project's build: not a partial run, not a variant.
    const complete = PHASES.every((p) => opts.phases.has(p)) && !opts.buildDir && !opts.cases && results.errors.length === 0;
    if (complete) fs.writeFileSync(path.join(dir, 'latest.json'), json);
    console.log(
      `\nwrote ${path.relative(process.cwd(), stamped)}${complete ? ' and bench/results/latest.json' : ' (a partial or variant run: latest.json untouched)'}`,
    );
  } else {
    // The smoke run still proves the results serialise.
    JSON.parse(json);
  }
  for (const e of results.errors) console.error(`PHASE FAILED: ${e.phase}: ${e.message.split('\n')[0]}`);
  console.log(`done in ${elapsed()}`);
  if (results.errors.length > 0 || (opts.strict && checks.some((c) => !c.pass))) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(`\nBENCHMARK FAILED: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(tmpDir, { recursive: true, force: true }));
