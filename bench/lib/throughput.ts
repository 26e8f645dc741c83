import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { type AppServer, startAppServer } from './app-server.js';
import type { Build } from './build.js';
import { cpuTimeMs, freePort, type MemoryReading, readMemory, type Server, startServer } from './processes.js';
import { TARGETS } from './targets.js';

export interface ThroughputTarget {
  name: string;
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** Anonymous browse and deal detail must reach half their baseline. */
  ratioTarget?: number;
}

export interface LoadStats {
  reqPerSec: number;
  /** Server CPU time per request (µs): what each answer costs, whatever else the shared machine is doing. */
  cpuUsPerReq: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerSec: number;
  requests: number;
}

export interface ThroughputRow {
  name: string;
  label: string;
  path: string;
  responseBytes: number;
  real: LoadStats;
  baseline: LoadStats;
  ratio: number;
  /** Baseline CPU per request over real CPU per request: the throughput ratio the server would reach on idle cores. */
  cpuRatio: number;
  ratioTarget?: number;
}

export interface ThroughputResult {
  deals: number;
  rows: ThroughputRow[];
  memory: MemoryReading;
  notes: string[];
}

export interface ThroughputOptions {
  durationSec: number;
  connections: number;
  member: { credential: string; password: string };
}

/** Hop-by-hop and per-response headers are not part of "the same response"; everything else is mirrored. */
const NOT_MIRRORED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

async function capture(url: string, headers: Record<string, string> | undefined) {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  const kept: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (!NOT_MIRRORED.has(key)) kept[key] = value;
  });
  return { headers: kept, body };
}

async function load(
  url: string,
  headers: Record<string, string> | undefined,
  pid: number,
  opts: { connections: number; durationSec?: number; amount?: number },
): Promise<LoadStats> {
  const cpuBefore = cpuTimeMs(pid);
  const r = await autocannon({
    url,
    headers,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.durationSec }),
    timeout: 30,
  });
  const failed = r.errors + r.timeouts + r.non2xx;
  if (failed > 0) throw new Error(`autocannon ${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx of ${r.requests.total} requests`);
  if (r.requests.total === 0) throw new Error(`autocannon ${url}: no request completed`);
  const cpuMs = cpuTimeMs(pid) - cpuBefore;
  // Over the run's measured time (autocannon's per-second average has no sample in a run shorter than a second).
  return {
    reqPerSec: r.requests.total / r.duration,
    cpuUsPerReq: (cpuMs * 1000) / r.requests.total,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    bytesPerSec: r.throughput.average,
    requests: r.requests.total,
  };
}

/**
 * Several runs of one process as one measurement: requests and CPU summed (req/s over the runs' total time, CPU per
 * request over all requests), p50 the mean, p99 the worst.
 */
export function combineLoads(runs: LoadStats[]): LoadStats {
  if (runs.length === 0) throw new Error('combineLoads: no run');
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const seconds = runs.reduce((n, r) => n + r.requests / r.reqPerSec, 0);
  const cpuUs = runs.reduce((n, r) => n + r.cpuUsPerReq * r.requests, 0);
  const mean = (f: (r: LoadStats) => number) => runs.reduce((n, r) => n + f(r), 0) / runs.length;
  return {
    reqPerSec: requests / seconds,
    cpuUsPerReq: cpuUs / requests,
    p50Ms: mean((r) => r.p50Ms),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    bytesPerSec: mean((r) => r.bytesPerSec),
    requests,
  };
}

/**
 * The order of the measured halves of one endpoint: real, baseline, baseline, real (ABBA). A machine whose speed drifts
 * during the 2 x duration (other tenants of a shared host: Lighthouse's CPU index moved 1,139 -> 1,953 within one
 * run, docs/notes/bench.md) then slows or speeds both sides alike, where one run of each, one after the other, put the whole
 * drift into the ratio.
 */
export const ALTERNATION = ['real', 'baseline', 'baseline', 'real'] as const;

async function loginMember(server: Server, member: ThroughputOptions['member']): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  const body = (await res.json()) as { success: boolean; data?: { token?: string }; error?: string };
  if (!res.ok || !body.data?.token)
    throw new Error(`login of generated member ${member.credential} failed (${res.status}): ${body.error ?? JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * autocannon against the real server process (production build) and, for each target, against the baseline process
 * serving the captured response; real and baseline alternate within each target (ALTERNATION) so drift on a shared
 * machine hits both.
 * Returns the server's memory after all runs.
 */
export async function measureThroughput(
  build: Build,
  databaseUrl: string,
  deals: number,
  opts: ThroughputOptions,
  log: (s: string) => void,
): Promise<ThroughputResult> {
  const notes: string[] = [];
  let server: AppServer | undefined;
  let baseline: Server | undefined;
  try {
    server = await startAppServer(build, { DATABASE_URL: databaseUrl, DEMO_DATA: '0' });
    const token = await loginMember(server, opts.member);
    const first = (await (await fetch(`${server.url}/api/deals?pageSize=1`)).json()) as { data: { deals: Array<{ id: number }> } };
    const dealId = first.data.deals[0]?.id;
    if (!dealId) throw new Error('the throughput database lists no active deal');

    const targets: ThroughputTarget[] = [
      { name: 'browse-anon', label: 'GET /api/deals (visitor)', path: '/api/deals', ratioTarget: TARGETS.visitorBrowseRatio },
      { name: 'detail-anon', label: 'GET /api/deals/{id} (visitor)', path: `/api/deals/${dealId}`, ratioTarget: TARGETS.visitorDetailRatio },
      {
        name: 'browse-member',
        label: 'GET /api/deals (member)',
        path: '/api/deals',
        headers: { authorization: `Bearer ${token}` },
        ratioTarget: TARGETS.memberBrowseRatio,
      },
    ];
    if (build.webRoot) targets.push({ name: 'home-html', label: 'GET / (HTML)', path: '/' });
    else notes.push('no web build: GET / (HTML) not measured');

    const captured = [];
    for (const t of targets) {
      const c = await capture(server.url + t.path, t.headers);
      captured.push({ target: t, ...c });
    }
    const capturedFile = path.join(server.dataDir, 'captured.json');
    fs.writeFileSync(
      capturedFile,
      JSON.stringify({ routes: captured.map((c) => ({ name: c.target.name, headers: c.headers, bodyBase64: c.body.toString('base64') })) }),
    );
    const basePort = await freePort();
    baseline = await startServer({
      args: ['--import', 'tsx', path.resolve('bench/baseline-server.ts'), capturedFile, String(basePort)],
      env: {},
      port: basePort,
      healthPath: '/health',
    });

    const rows: ThroughputRow[] = [];
    for (const c of captured) {
      const t = c.target;
      const realUrl = server.url + t.path;
      const baseUrl = `${baseline.url}/b/${t.name}`;
      // Warm both (JIT, SQLite page cache) before the measured runs.
      const warm = { connections: Math.min(opts.connections, 10), amount: Math.max(100, opts.connections * 20) };
      await load(realUrl, t.headers, server.pid, warm);
      await load(baseUrl, undefined, baseline.pid, warm);
      // Two runs of half the duration per side, ABBA (ALTERNATION): each side still runs the full duration.
      const half = { connections: opts.connections, durationSec: opts.durationSec / 2 };
      const runs: Record<(typeof ALTERNATION)[number], LoadStats[]> = { real: [], baseline: [] };
      for (const side of ALTERNATION) {
        runs[side].push(side === 'real' ? await load(realUrl, t.headers, server.pid, half) : await load(baseUrl, undefined, baseline.pid, half));
      }
      const real = combineLoads(runs.real);
      const base = combineLoads(runs.baseline);
      const row: ThroughputRow = {
        name: t.name,
        label: t.label,
        path: t.path,
        responseBytes: c.body.length,
        real,
        baseline: base,
        ratio: real.reqPerSec / base.reqPerSec,
        cpuRatio: base.cpuUsPerReq / real.cpuUsPerReq,
        ratioTarget: t.ratioTarget,
      };
      rows.push(row);
      log(
        `    ${t.label.padEnd(32)} ${real.reqPerSec.toFixed(0).padStart(7)} req/s p99 ${String(real.p99Ms).padStart(4)} ms | baseline ${base.reqPerSec.toFixed(0).padStart(7)} req/s p99 ${String(base.p99Ms).padStart(4)} ms | ratio ${row.ratio.toFixed(2)} | CPU/req ${real.cpuUsPerReq.toFixed(0)} vs ${base.cpuUsPerReq.toFixed(0)} µs (${row.cpuRatio.toFixed(2)})`,
      );
    }
    const memory = readMemory(server.pid);
    log(
      `    server RSS after load: ${memory.rssMb.toFixed(0)} MB (anon ${memory.anonMb.toFixed(0)}, file-backed ${memory.fileMb.toFixed(0)}, peak ${memory.peakMb.toFixed(0)})`,
    );
    return { deals, rows, memory, notes };
  } finally {
    await baseline?.stop();
    await server?.stop();
  }
}
