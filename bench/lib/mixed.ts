import autocannon from 'autocannon';
import { openDatabase } from '../../src/server/db/connection.js';
import { type AppServer, startAppServer } from './app-server.js';
import type { Build } from './build.js';
import { BULK_PASSWORD } from './bulk-load.js';
import { cpuTimeMs } from './processes.js';
import type { LoadStats } from './throughput.js';
import { combineLoads } from './throughput.js';

/**
 * Reads under writes (docs/notes/bench.md, "Reads under writes"): the visitors' read mix (browse sorts, home rows,
 * deal pages, their comments) with autocannon against the production server, alone and while signed-in members
 * vote, save and comment at a fixed rate. The segments run alone, 20/s, 100/s, 100/s, 20/s, alone (ABBA around each
 * rate), so a machine whose speed drifts during the run weighs on every side alike.
 */
export interface MixedOptions {
  durationSec: number;
  connections: number;
  /** Write rates to measure, per second. */
  rates: number[];
  members: number;
}

export interface MixedSegment {
  writesPerSec: number;
  reads: LoadStats;
  /** Share of the visitors' reads answered from the read cache: what the machine's load cannot blur. */
  cacheHitRate: number;
  /**
   * The server's CPU time per write (ms): its CPU over the segments less what their reads cost at the reads-alone
   * rate of CPU per read, over the writes. Like the hit rate, it does not depend on what else the machine runs.
   */
  cpuMsPerWrite: number;
  /** Writes sent, answered 2xx, refused (4xx: e.g. a member's own deal) and failed (5xx or no answer). */
  writes: { sent: number; ok: number; refused: number; failed: number };
}

export type WriteCounts = MixedSegment['writes'];

export const sumWrites = (ws: WriteCounts[]): WriteCounts =>
  ws.reduce((a, w) => ({ sent: a.sent + w.sent, ok: a.ok + w.ok, refused: a.refused + w.refused, failed: a.failed + w.failed }), {
    sent: 0,
    ok: 0,
    refused: 0,
    failed: 0,
  });

export interface MixedResult {
  engine: 'sqlite' | 'postgres';
  deals: number;
  alone: LoadStats;
  aloneCacheHitRate: number;
  /** The server's CPU time per read with nobody writing (µs). */
  cpuUsPerRead: number;
  underWrites: MixedSegment[];
  /** Reads per second under each rate over reads alone. */
  ratios: Array<{ writesPerSec: number; ratio: number; readP99Ms: number }>;
  readErrors: number;
}

/** A signed-in generated member: its users.id, to find its writes in the database afterwards. */
export interface Member {
  id: number;
  token: string;
}

/**
 * A write the server acknowledged (2xx), as the database must show it afterwards: a vote with its type, a deal saved
 * or unsaved (the last acknowledged one per member and deal is the state to find), a comment by its id.
 */
export type AcknowledgedWrite =
  | { kind: 'vote'; userId: number; dealId: number; voteType: number }
  | { kind: 'save'; userId: number; dealId: number; saved: boolean }
  | { kind: 'comment'; userId: number; dealId: number; commentId: number };

export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The read cache's hits and misses so far (the server's /metrics). */
async function cacheCounts(url: string): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const count = (result: string) => Number(new RegExp(`quidsin_read_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { hit: count('hit'), miss: count('miss') };
}

async function signIn(url: string, id: number, credential: string): Promise<Member> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential, password: BULK_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string }; error?: string };
  if (!res.ok || !body.data?.token) throw new Error(`mixed: sign-in of ${credential} failed (${res.status}): ${body.error ?? ''}`);
  return { id, token: body.data.token };
}

async function generatedMembers(databaseUrl: string, n: number): Promise<Array<{ id: number; username: string }>> {
  const isPg = databaseUrl.startsWith('postgres');
  const db = openDatabase({ databaseUrl: isPg ? databaseUrl : undefined, sqliteFile: databaseUrl });
  try {
    const rows = await db.kysely
      .selectFrom('users')
      .select(['id', 'username'])
      .where('role', '=', 'user')
      .where('email_verified_at', 'is not', null)
      .orderBy('id')
      .limit(n)
      .execute();
    if (rows.length === 0) throw new Error('mixed: the generated database has no verified member');
    return rows;
  } finally {
    await db.close();
  }
}

/** The visitors' mix: what the home page, browse and a deal page ask for, over the first page's deals. */
function readMix(dealIds: number[]): Array<{ method: 'GET'; path: string }> {
  const paths = [
    '/api/deals?sort=hottest',
    '/api/deals?sort=newest',
    '/api/deals?sort=getting-warm',
    '/api/deals?sort=most-commented',
    '/api/deals?sort=hottest&page=2',
    '/api/deals/trending',
    '/api/deals/newest',
  ];
  for (const id of dealIds.slice(0, 12)) paths.push(`/api/deals/${id}`, `/api/comments/${id}`);
  return paths.map((path) => ({ method: 'GET', path }));
}

export interface LoadSetup {
  members: Member[];
  /** The deals members write on: the first `dealPages` pages of 50 of the hottest; readers read the first 12. */
  dealIds: number[];
  requests: ReturnType<typeof readMix>;
}

/**
 * Signs `members` generated members in and picks the deals of the load. Votes take each (member, deal) pair once, so
 * a longer run needs more pairs: more pages of deals.
 */
export async function prepareLoad(url: string, databaseUrl: string, opts: { members: number; dealPages: number }): Promise<LoadSetup> {
  const members = await Promise.all((await generatedMembers(databaseUrl, opts.members)).map((m) => signIn(url, m.id, m.username)));
  const dealIds: number[] = [];
  for (let page = 1; page <= opts.dealPages; page++) {
    const res = (await (await fetch(`${url}/api/deals?sort=hottest&pageSize=50&page=${page}`)).json()) as { data: { deals: Array<{ id: number }> } };
    dealIds.push(...res.data.deals.map((d) => d.id));
    if (res.data.deals.length < 50) break;
  }
  if (dealIds.length === 0) throw new Error('mixed: the database lists no active deal');
  return { members, dealIds, requests: readMix(dealIds) };
}

/**
 * Members' writes at `rate` per second until stopped: votes, saves and unsaves, comments, on the deals readers read.
 * `firstVote`: where this segment's votes start among the (member, deal) pairs, so no segment repeats another's.
 * `acknowledged`, when given, receives every write answered 2xx, in the order of the answers.
 */
export function startWriters(url: string, members: Member[], dealIds: number[], rate: number, firstVote: number, acknowledged?: AcknowledgedWrite[]) {
  const writes = { sent: 0, ok: 0, refused: 0, failed: 0 };
  const refusals = new Map<string, number>();
  // What failed, and how (a 5xx by status, else the fetch error's name: TimeoutError is no answer within 10 s).
  const failures = new Map<string, number>();
  const tally = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  const inFlight = new Set<Promise<void>>();
  let owed = 0;
  let n = 0;
  let votes = firstVote;
  const one = async (i: number) => {
    const kind = i % 10;
    // A member votes once on a deal: votes walk the (member, deal) pairs, so none is a second vote. The deal varies
    // fastest, so writes in a row go to different deals: with the member varying fastest, every write of a second went
    // to one or two deals, and on PostgreSQL with several processes the run measured the queue for those rows' locks.
    const v = kind < 5 ? votes++ : i;
    const member = members[Math.floor(v / dealIds.length) % members.length];
    const dealId = dealIds[v % dealIds.length];
    const voteType = i % 3 === 0 ? -1 : 1;
    const [method, path, body] =
      kind < 5
        ? ['POST', '/api/votes', { dealId, voteType }]
        : kind < 8
          ? [i % 2 === 0 ? 'POST' : 'DELETE', `/api/deals/${dealId}/save`, undefined]
          : ['POST', '/api/comments', { dealId, text: `Still on at this price this morning (${i})` }];
    writes.sent++;
    try {
      const res = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${member.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      if (res.status < 300) {
        writes.ok++;
        if (acknowledged) {
          const userId = member.id;
          if (kind < 5) acknowledged.push({ kind: 'vote', userId, dealId, voteType });
          else if (kind < 8) acknowledged.push({ kind: 'save', userId, dealId, saved: method === 'POST' });
          else acknowledged.push({ kind: 'comment', userId, dealId, commentId: (JSON.parse(text) as { data: { id: number } }).data.id });
        }
      } else if (res.status < 500) {
        writes.refused++;
        tally(refusals, `${method} ${path.replace(/\d+/g, '{id}')} ${res.status}`);
      } else {
        writes.failed++;
        tally(failures, `${method} ${path.replace(/\d+/g, '{id}')} ${res.status}`);
      }
    } catch (err) {
      writes.failed++;
      tally(failures, `${method} ${path.replace(/\d+/g, '{id}')} ${err instanceof Error ? err.name : 'error'}`);
    }
  };
  const tickMs = 50;
  const timer = setInterval(() => {
    owed += (rate * tickMs) / 1000;
    for (; owed >= 1; owed--) {
      const p = one(n++);
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  }, tickMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      for (const [label, m] of [
        ['refused', refusals],
        ['failed', failures],
      ] as const)
        if (m.size > 0) console.log(`      ${label}: ${[...m].map(([k, n]) => `${k} x${n}`).join(', ')}`);
      return { writes, votes };
    },
  };
}

/** The read mix with autocannon for `durationSec`: reads/s and latency, and the reads that failed (errors, timeouts, non-2xx). */
export async function readLoad(url: string, requests: ReturnType<typeof readMix>, opts: { connections: number; durationSec: number }) {
  const r = await autocannon({ url, requests, connections: opts.connections, duration: opts.durationSec, timeout: 30 });
  const errors = r.errors + r.timeouts + r.non2xx;
  if (errors > 0) console.log(`      read errors: ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${r['5xx']} 5xx), ${r.errors - r.timeouts} other errors`);
  const stats: LoadStats = {
    reqPerSec: r.requests.total / r.duration,
    cpuUsPerReq: 0,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    bytesPerSec: r.throughput.average,
    requests: r.requests.total,
  };
  return { stats, errors };
}

export async function measureMixed(
  build: Build,
  engine: 'sqlite' | 'postgres',
  databaseUrl: string,
  deals: number,
  opts: MixedOptions,
  log: (s: string) => void,
): Promise<MixedResult> {
  let server: AppServer | undefined;
  try {
    server = await startAppServer(build, { DATABASE_URL: databaseUrl, DEMO_DATA: '0', METRICS_TOKEN });
    const url = server.url;
    const { members, dealIds, requests } = await prepareLoad(url, databaseUrl, { members: opts.members, dealPages: 1 });
    // Warm (JIT, the database's page cache, the read cache) before the measured segments.
    await readLoad(url, requests, { connections: opts.connections, durationSec: Math.max(1, opts.durationSec / 3) });

    const half = { connections: opts.connections, durationSec: opts.durationSec / 2 };
    const order = [0, ...opts.rates, ...[...opts.rates].reverse(), 0];
    const runs = new Map<number, { reads: LoadStats[]; writes: MixedSegment['writes'][]; hit: number; miss: number; cpuMs: number }>();
    const pid = server.pid;
    let readErrors = 0;
    let voted = 0;
    for (const rate of order) {
      const counted = await cacheCounts(url);
      const cpuBefore = cpuTimeMs(pid);
      const writers = rate > 0 ? startWriters(url, members, dealIds, rate, voted) : undefined;
      const { stats, errors } = await readLoad(url, requests, half);
      const after = await cacheCounts(url);
      const stopped = await writers?.stop();
      const cpuMs = cpuTimeMs(pid) - cpuBefore;
      voted = stopped?.votes ?? voted;
      const writes = stopped?.writes ?? { sent: 0, ok: 0, refused: 0, failed: 0 };
      readErrors += errors;
      const kept = runs.get(rate) ?? { reads: [], writes: [], hit: 0, miss: 0, cpuMs: 0 };
      kept.cpuMs += cpuMs;
      kept.reads.push(stats);
      kept.writes.push(writes);
      kept.hit += after.hit - counted.hit;
      kept.miss += after.miss - counted.miss;
      const hitRate = (after.hit - counted.hit) / Math.max(1, after.hit - counted.hit + after.miss - counted.miss);
      runs.set(rate, kept);
      log(
        `    ${engine} ${String(rate).padStart(3)} writes/s: ${stats.reqPerSec.toFixed(0).padStart(6)} reads/s p50 ${stats.p50Ms} ms p99 ${stats.p99Ms} ms | cache hits ${(hitRate * 100).toFixed(1)}% | server CPU ${(cpuMs / (half.durationSec * 1000)).toFixed(2)} cores | writes ${writes.ok} ok, ${writes.refused} refused, ${writes.failed} failed | read errors ${errors}`,
      );
    }
    const hitRate = (r: { hit: number; miss: number } | undefined) => (r ? r.hit / Math.max(1, r.hit + r.miss) : 0);
    const alone = combineLoads(runs.get(0)?.reads ?? []);
    const cpuUsPerRead = ((runs.get(0)?.cpuMs ?? 0) * 1000) / Math.max(1, alone.requests);
    const underWrites = opts.rates.map((rate) => {
      const r = runs.get(rate) ?? { reads: [], writes: [], hit: 0, miss: 0, cpuMs: 0 };
      const reads = combineLoads(r.reads);
      const writes = sumWrites(r.writes);
      const cpuMsPerWrite = (r.cpuMs - (reads.requests * cpuUsPerRead) / 1000) / Math.max(1, writes.sent);
      return { writesPerSec: rate, reads, cacheHitRate: hitRate(r), cpuMsPerWrite, writes };
    });
    const ratios = underWrites.map((s) => ({ writesPerSec: s.writesPerSec, ratio: s.reads.reqPerSec / alone.reqPerSec, readP99Ms: s.reads.p99Ms }));
    return { engine, deals, alone, aloneCacheHitRate: hitRate(runs.get(0)), cpuUsPerRead, underWrites, ratios, readErrors };
  } finally {
    await server?.stop();
  }
}
