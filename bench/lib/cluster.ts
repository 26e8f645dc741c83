import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/connection.js';
import { type RedisServer, startRedis } from '../../src/server/scale/services.js';
import { type AppServer, startAppServer } from './app-server.js';
import type { Build } from './build.js';
import { type AcknowledgedWrite, METRICS_TOKEN, prepareLoad, readLoad, startWriters, sumWrites, type WriteCounts } from './mixed.js';
import { cpuTimeMs, onCleanup } from './processes.js';
import type { LoadStats } from './throughput.js';
import { combineLoads } from './throughput.js';

/**
 * Many processes (docs/notes/bench.md, "Many processes"): the production server as N workers of node's cluster module
 * (bench/lib/cluster-primary.ts) on one PostgreSQL database and a Redis of the phase's own, under the `mixed` phase's
 * load (the visitors' read mix with autocannon while signed-in members vote, save and comment at a fixed rate), against
 * the same set-up with one worker under the same load in the same run (segments one, N, N, one: ABBA, so a drift of the
 * shared machine's speed weighs on both sides). Every write answered 2xx is looked for in the database once every
 * process has stopped.
 */
export interface ClusterOptions {
  processes: number;
  durationSec: number;
  connections: number;
  writesPerSec: number;
  members: number;
}

export interface ClusterSide {
  processes: number;
  /** Reads of both segments combined; cpuUsPerReq is the CPU of the primary and its workers over the reads. */
  reads: LoadStats;
  /** Cores the server processes used on average during the segments. */
  cpuCores: number;
  /** Cores the bench's own process (autocannon and the writers) used meanwhile: the load generator shares the machine. */
  loadCores: number;
  writes: WriteCounts;
  readErrors: number;
}

export interface ClusterResult {
  deals: number;
  /** os.cpus().length: N processes can at best use these. */
  cpus: number;
  connections: number;
  durationSec: number;
  writesPerSec: number;
  one: ClusterSide;
  many: ClusterSide;
  /** Reads per second of the N processes over one process's, under the same load. */
  ratio: number;
  /** Reads that failed (errors, timeouts, non-2xx) and writes that failed (5xx, no answer), both sides. */
  errors: number;
  acknowledged: { votes: number; saves: number; comments: number; missing: number; examples: string[] };
  loadAverage: { before: number[]; after: number[] };
}

interface ClusterServer {
  server: AppServer;
  url: string;
  pids: number[];
  cpuMs(): number;
}

/** The cluster primary with `workers` workers; resolves once every worker listens. */
async function startCluster(build: Build, workers: number, env: Record<string, string>): Promise<ClusterServer> {
  const server = await startAppServer(
    build,
    { ...env, BENCH_CLUSTER_WORKERS: String(workers), BENCH_CLUSTER_ARGS: JSON.stringify(build.serverArgs) },
    { args: ['--import', 'tsx', path.resolve('bench/lib/cluster-primary.ts')] },
  );
  const deadline = Date.now() + 120_000;
  const readyLine = () => /cluster ready: ([\d,]+)/.exec(server.output());
  let ready = readyLine();
  while (!ready) {
    if (server.child.exitCode !== null || Date.now() > deadline) {
      await server.stop();
      throw new Error(`cluster of ${workers}: not every worker listened\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
    ready = readyLine();
  }
  const pids = [server.pid, ...ready[1].split(',').map(Number)];
  return { server, url: server.url, pids, cpuMs: () => pids.reduce((n, pid) => n + cpuTimeMs(pid), 0) };
}

/** What the database holds of the members' writes, keyed `${userId}:${dealId}` (comments: id -> that key). */
export interface StoredWrites {
  votes: Map<string, number>;
  saved: Set<string>;
  comments: Map<number, string>;
}

/**
 * The acknowledged writes `stored` does not show (`examples`: the first few). A deal saved then unsaved (or the
 * reverse) must show the last acknowledged of the two; acknowledgements come in the order of the answers.
 */
export function findMissing(acks: AcknowledgedWrite[], stored: StoredWrites): { missing: number; examples: string[] } {
  const examples: string[] = [];
  let missing = 0;
  const miss = (what: string) => {
    missing++;
    if (examples.length < 5) examples.push(what);
  };
  const lastSave = new Map<string, AcknowledgedWrite & { kind: 'save' }>();
  for (const a of acks) {
    const key = `${a.userId}:${a.dealId}`;
    if (a.kind === 'vote' && stored.votes.get(key) !== a.voteType) miss(`vote ${a.voteType} by user ${a.userId} on deal ${a.dealId}`);
    else if (a.kind === 'comment' && stored.comments.get(a.commentId) !== key) miss(`comment ${a.commentId} by user ${a.userId} on deal ${a.dealId}`);
    else if (a.kind === 'save') lastSave.set(key, a);
  }
  for (const [key, a] of lastSave) if (stored.saved.has(key) !== a.saved) miss(`${a.saved ? 'save' : 'unsave'} of deal ${a.dealId} by user ${a.userId}`);
  return { missing, examples };
}

/** The members' votes, saves and the acknowledged comments as the database holds them. */
async function storedWrites(databaseUrl: string, acks: AcknowledgedWrite[]): Promise<StoredWrites> {
  const stored: StoredWrites = { votes: new Map(), saved: new Set(), comments: new Map() };
  const userIds = [...new Set(acks.map((a) => a.userId))];
  if (userIds.length === 0) return stored;
  const db = openDatabase({ databaseUrl, sqliteFile: databaseUrl });
  try {
    for (const v of await db.kysely.selectFrom('votes').select(['user_id', 'deal_id', 'vote_type']).where('user_id', 'in', userIds).execute())
      stored.votes.set(`${v.user_id}:${v.deal_id}`, v.vote_type);
    for (const s of await db.kysely.selectFrom('saved_deals').select(['user_id', 'deal_id']).where('user_id', 'in', userIds).execute())
      stored.saved.add(`${s.user_id}:${s.deal_id}`);
    const commentIds = acks.flatMap((a) => (a.kind === 'comment' ? [a.commentId] : []));
    for (let i = 0; i < commentIds.length; i += 5_000) {
      const chunk = commentIds.slice(i, i + 5_000);
      for (const c of await db.kysely.selectFrom('comments').select(['id', 'user_id', 'deal_id']).where('id', 'in', chunk).execute())
        stored.comments.set(c.id, `${c.user_id}:${c.deal_id}`);
    }
    return stored;
  } finally {
    await db.close();
  }
}

/**
 * Pages of 50 deals members write on: enough (member, deal) pairs for every vote of the run (half the writes, for
 * twice the duration plus the warm-ups: ~1.2 x rate x duration), with room to spare.
 */
const dealPagesFor = (opts: ClusterOptions) => Math.max(1, Math.ceil((opts.writesPerSec * opts.durationSec * 1.5) / opts.members / 50));

export async function measureCluster(build: Build, databaseUrl: string, deals: number, opts: ClusterOptions, log: (s: string) => void): Promise<ClusterResult> {
  const loadBefore = os.loadavg();
  let redis: RedisServer | undefined;
  let forgetRedis: () => void = () => {};
  const servers: ClusterServer[] = [];
  try {
    // A Redis of our own: the server's keys and channels have fixed names, so a shared Redis would mix this run's
    // cache generation and notifications with whatever else uses it.
    redis = await startRedis();
    const redisPid = redis.pid;
    forgetRedis = onCleanup(() => {
      if (redisPid) process.kill(redisPid, 'SIGKILL');
    });
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DEMO_DATA: '0', METRICS_TOKEN };
    // Both at once (the start-up work runs once, under the server's advisory lock): starting is most of a smoke run.
    const started = await Promise.allSettled([startCluster(build, 1, env), startCluster(build, opts.processes, env)]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    const [one, many] = servers;
    log(`    one process (pids ${one.pids.join(', ')}) and ${opts.processes} processes (pids ${many.pids.join(', ')}), Redis ${redis.url}`);
    const { members, dealIds, requests } = await prepareLoad(many.url, databaseUrl, { members: opts.members, dealPages: dealPagesFor(opts) });
    const acks: AcknowledgedWrite[] = [];
    let voted = 0;
    // Warmed with writes too (JIT, PostgreSQL's and the read cache's pages, the sessions), so the first measured
    // segment does not meet the writes cold; the warm-up's acknowledged writes are checked with the others.
    const warm = { connections: opts.connections, durationSec: Math.max(1, Math.round(opts.durationSec / 6)) };
    for (const s of [one, many]) {
      const writers = startWriters(s.url, members, dealIds, opts.writesPerSec, voted, acks);
      await readLoad(s.url, requests, warm);
      voted = (await writers.stop()).votes;
    }

    const half = { connections: opts.connections, durationSec: opts.durationSec / 2 };
    const runs = new Map<ClusterServer, { reads: LoadStats[]; writes: WriteCounts[]; readErrors: number; cpuMs: number; loadMs: number; seconds: number }>();
    for (const s of [one, many, many, one]) {
      const cpuBefore = s.cpuMs();
      const loadBefore = process.cpuUsage();
      const t0 = Date.now();
      const writers = startWriters(s.url, members, dealIds, opts.writesPerSec, voted, acks);
      const { stats, errors } = await readLoad(s.url, requests, half);
      const stopped = await writers.stop();
      const seconds = (Date.now() - t0) / 1000;
      const cpuMs = s.cpuMs() - cpuBefore;
      const used = process.cpuUsage(loadBefore);
      const loadMs = (used.user + used.system) / 1000;
      voted = stopped.votes;
      stats.cpuUsPerReq = (cpuMs * 1000) / Math.max(1, stats.requests);
      const kept = runs.get(s) ?? { reads: [], writes: [], readErrors: 0, cpuMs: 0, loadMs: 0, seconds: 0 };
      kept.reads.push(stats);
      kept.writes.push(stopped.writes);
      kept.readErrors += errors;
      kept.cpuMs += cpuMs;
      kept.loadMs += loadMs;
      kept.seconds += seconds;
      runs.set(s, kept);
      const w = stopped.writes;
      log(
        `    ${String(s.pids.length - 1).padStart(2)} process(es): ${stats.reqPerSec.toFixed(0).padStart(6)} reads/s p50 ${stats.p50Ms} ms p99 ${stats.p99Ms} ms | server CPU ${(cpuMs / 1000 / seconds).toFixed(2)} cores, load generator ${(loadMs / 1000 / seconds).toFixed(2)} | writes ${w.ok} ok, ${w.refused} refused, ${w.failed} failed | read errors ${errors}`,
      );
    }
    const side = (s: ClusterServer): ClusterSide => {
      const r = runs.get(s);
      if (!r) throw new Error('cluster: a side was not measured');
      return {
        processes: s.pids.length - 1,
        reads: combineLoads(r.reads),
        cpuCores: r.cpuMs / 1000 / r.seconds,
        loadCores: r.loadMs / 1000 / r.seconds,
        writes: sumWrites(r.writes),
        readErrors: r.readErrors,
      };
    };
    const oneSide = side(one);
    const manySide = side(many);
    // The servers' own words on what failed (warn level and above).
    for (const [s, sd] of [
      [one, oneSide],
      [many, manySide],
    ] as const)
      if (sd.readErrors + sd.writes.failed > 0 && s.server.output().trim())
        log(`    ${sd.processes} process(es), the end of what the server printed:\n${s.server.output().slice(-1_500)}`);

    // Stopped first (SIGTERM: each process finishes what is in flight and closes), so the check sees what survives them.
    for (const s of servers.splice(0)) await s.server.stop();
    const { missing, examples } = findMissing(acks, await storedWrites(databaseUrl, acks));
    const count = (kind: AcknowledgedWrite['kind']) => acks.filter((a) => a.kind === kind).length;
    return {
      deals,
      cpus: os.cpus().length,
      connections: opts.connections,
      durationSec: opts.durationSec,
      writesPerSec: opts.writesPerSec,
      one: oneSide,
      many: manySide,
      ratio: manySide.reads.reqPerSec / oneSide.reads.reqPerSec,
      errors: [oneSide, manySide].reduce((n, s) => n + s.readErrors + s.writes.failed, 0),
      acknowledged: { votes: count('vote'), saves: count('save'), comments: count('comment'), missing, examples },
      loadAverage: { before: loadBefore.map(round2), after: os.loadavg().map(round2) },
    };
  } finally {
    for (const s of servers) await s.server.stop();
    await redis?.stop();
    forgetRedis();
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;
