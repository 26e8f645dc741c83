import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * Every process the bench starts is tracked here and stopped by its pid on exit, on Ctrl-C and on a crash,
 * so neither a smoke run nor a failed full run leaves servers or browsers behind.
 */
const running = new Set<ChildProcess>();
const cleanups = new Set<() => void>();

export function onCleanup(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function killAll() {
  for (const child of running) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  running.clear();
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      /* best effort on the way out */
    }
  }
  cleanups.clear();
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export interface Server {
  child: ChildProcess;
  pid: number;
  url: string;
  /** What it printed, for the error message when it dies. */
  output: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs / 1000} s\n${output()}`);
}

/** Starts `node <args>` with env, waits until healthUrl answers 2xx. */
export async function startServer(opts: {
  args: string[];
  env: Record<string, string>;
  port: number;
  healthPath: string;
  timeoutMs?: number;
  cwd?: string;
}): Promise<Server> {
  const child = spawn(process.execPath, opts.args, {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${opts.port}`;
  const server: Server = {
    child,
    pid: child.pid as number,
    url,
    output: () => log,
    stop: () => stopProcess(child),
  };
  try {
    await waitUntilUp(url + opts.healthPath, child, server.output, opts.timeoutMs ?? 60_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) {
    running.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  running.delete(child);
}

export interface MemoryReading {
  /** Resident set (VmRSS), MB. */
  rssMb: number;
  /** Peak resident set since start (VmHWM), MB. */
  peakMb: number;
  /** Anonymous memory (heap, stacks, SQLite's page cache), MB. */
  anonMb: number;
  /** File-backed pages (code, and the SQLite file mapped by mmap_size), MB. */
  fileMb: number;
}

/** /proc/<pid>/status of a running process, in MB. */
export function readMemory(pid: number): MemoryReading {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(m[1]) / 1024;
  };
  return { rssMb: kb('VmRSS'), peakMb: kb('VmHWM'), anonMb: kb('RssAnon'), fileMb: kb('RssFile') };
}

/** CPU time (user + system) a process has used so far, in ms: /proc/<pid>/stat fields 14 and 15, in clock ticks. */
export function cpuTimeMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may contain spaces; fields after its closing parenthesis are positional.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
/** USER_HZ is 100 on every Linux we run on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;
