/** Command-line flags of `npm run bench`; --smoke swaps in tiny sizes and short runs so `npm test` can afford it. */
export const PHASES = ['scale', 'go', 'throughput', 'mixed', 'cluster', 'weight', 'lighthouse', 'memory'] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  smoke: boolean;
  phases: Set<Phase>;
  /** Deal counts of the scale phase, smallest first. */
  sizes: number[];
  /** The scale and go phases' sizes on SQLite (default: `sizes`): a disk may hold PostgreSQL's largest database but not SQLite's as well. */
  sqliteSizes: number[];
  /** Deal count of the throughput phase's database. */
  throughputSize: number;
  /** Deal count at which RSS is read after load (the throughput runs are repeated there). */
  memorySize: number;
  /** Deal count of the reads-under-writes phase's databases (both engines). */
  mixedSize: number;
  /** The many-processes phase: workers, deal count, seconds of load on the N workers (as long again on one), connections. */
  cluster: { processes: number; size: number; durationSec: number; connections: number; writesPerSec: number; members: number };
  durationSec: number;
  connections: number;
  /** Latency samples per query: at most this many, and no longer than budgetMs unless minIterations is not reached. */
  maxIterations: number;
  minIterations: number;
  warmup: number;
  budgetMs: number;
  /** Build the production server and web into bench/data/build (else reuse what is there or dist/). */
  build: boolean;
  /** Benchmark this existing build (node/ and web/ inside) instead: A/B runs of a variant. */
  buildDir?: string;
  postgresUrl?: string;
  /** Scale-phase cases whose id starts with one of these (all when absent): quick A/B runs of a few queries. */
  cases?: string[];
  /** Exit 1 when a target is missed. */
  strict: boolean;
  /** Where results go; smoke runs write to a temporary directory. */
  writeResults: boolean;
}

const HELP = `npm run bench -- [flags]
  --smoke                 tiny sizes, 1 s throughput runs, no Lighthouse, no results files (what npm test runs)
  --sizes 10000,100000    scale-phase database sizes (default 10000,100000,1000000)
  --sqlite-sizes a,b      the scale and go phases' sizes on SQLite only (default: --sizes)
  --throughput-size N     database size for the throughput phase (default 100000)
  --mixed-size N          database size for the reads-under-writes phase (default 100000)
  --cluster-processes N   server processes of the cluster phase (default 3; smoke 2)
  --cluster-size N        database size of the cluster phase, PostgreSQL (default 100000)
  --cluster-duration S    seconds of load on the N processes, the same again on one (default 60; smoke 4)
  --cluster-connections C autocannon connections of the cluster phase (default 200; smoke 10)
  --memory-size N         size at which RSS is read after the throughput runs (default: largest of --sizes;
                          the throughput size in --smoke)
  --duration S            seconds per autocannon run (default 10)
  --connections C         autocannon connections (default 50)
  --iterations N          most latency samples per query (default 200)
  --only a,b              run only these phases: ${PHASES.join(', ')}
  --skip-scale --skip-go --skip-throughput --skip-mixed --skip-cluster --skip-weight --skip-lighthouse --skip-memory
  --no-build              reuse the build in bench/data/build instead of rebuilding
  --build-dir DIR         benchmark the build in DIR (DIR/node/server/main.js, DIR/web) instead
  --cases a,b             scale phase: only the cases whose id starts with one of these (browse-search, sort-, home-...)
  --strict                exit 1 when a target is missed
  BENCH_DATABASE_URL=postgres://... also runs the scale, go and mixed phases on PostgreSQL; the cluster phase
                          runs there too (else on the test server, postgres://postgres@127.0.0.1:5432/test)`;

/** The flags followed by a value (`--sizes 10000,100000` or `--sizes=...`). */
const VALUE_FLAGS = new Set([
  'sizes',
  'sqlite-sizes',
  'throughput-size',
  'mixed-size',
  'memory-size',
  'cluster-processes',
  'cluster-size',
  'cluster-duration',
  'cluster-connections',
  'duration',
  'connections',
  'iterations',
  'only',
  'build-dir',
  'cases',
]);

const KNOWN = new Set([...VALUE_FLAGS, 'smoke', 'no-build', 'strict', ...PHASES.map((p) => `skip-${p}`)]);

function intList(v: string, flag: string): number[] {
  const out = v.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (out.length === 0 || out.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`${flag} needs positive integers, got "${v}"`);
  return out;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`Unexpected argument "${a}"\n\n${HELP}`);
    const [name, inline] = a.slice(2).split('=', 2);
    if (!KNOWN.has(name) && name !== 'help') throw new Error(`Unknown flag --${name}\n\n${HELP}`);
    const takesValue = VALUE_FLAGS.has(name);
    if (takesValue) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      flags.set(name, value);
    } else flags.set(name, true);
  }
  if (flags.has('help')) {
    console.log(HELP);
    process.exit(0);
  }

  const smoke = flags.has('smoke');
  const str = (name: string) => (typeof flags.get(name) === 'string' ? (flags.get(name) as string) : undefined);
  const sizes = str('sizes') ? intList(str('sizes') as string, '--sizes').sort((a, b) => a - b) : smoke ? [300, 600] : [10_000, 100_000, 1_000_000];

  let phases = new Set<Phase>(smoke ? PHASES.filter((p) => p !== 'lighthouse') : PHASES);
  const only = str('only');
  if (only) {
    const chosen = only.split(',').map((s) => s.trim());
    for (const c of chosen) if (!(PHASES as readonly string[]).includes(c)) throw new Error(`--only: unknown phase "${c}" (${PHASES.join(', ')})`);
    phases = new Set(chosen as Phase[]);
  }
  for (const p of PHASES) if (flags.has(`skip-${p}`)) phases.delete(p);

  const num = (name: string, fallback: number) => (str(name) ? intList(str(name) as string, `--${name}`)[0] : fallback);
  const throughputSize = num('throughput-size', smoke ? sizes[0] : 100_000);
  return {
    smoke,
    phases,
    sizes,
    sqliteSizes: str('sqlite-sizes') ? intList(str('sqlite-sizes') as string, '--sqlite-sizes').sort((a, b) => a - b) : sizes,
    throughputSize,
    // Smoke runs read RSS after the one throughput run rather than loading a second server.
    memorySize: num('memory-size', smoke ? throughputSize : sizes[sizes.length - 1]),
    mixedSize: num('mixed-size', smoke ? sizes[0] : 100_000),
    cluster: {
      processes: num('cluster-processes', smoke ? 2 : 3),
      size: num('cluster-size', smoke ? sizes[0] : 100_000),
      durationSec: num('cluster-duration', smoke ? 4 : 60),
      connections: num('cluster-connections', smoke ? 10 : 200),
      writesPerSec: smoke ? 20 : 100,
      // Signing in costs a password hash each: a smoke run signs in few.
      members: smoke ? 10 : 50,
    },
    durationSec: num('duration', smoke ? 1 : 10),
    connections: num('connections', smoke ? 10 : 50),
    maxIterations: num('iterations', smoke ? 12 : 200),
    minIterations: smoke ? 5 : 30,
    warmup: smoke ? 2 : 15,
    budgetMs: smoke ? 500 : 6_000,
    build: !smoke && !flags.has('no-build') && !str('build-dir'),
    buildDir: str('build-dir'),
    postgresUrl: env.BENCH_DATABASE_URL || undefined,
    cases: str('cases')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    strict: flags.has('strict'),
    writeResults: !smoke,
  };
}

/**
 * The value after `--name` on a one-off bench script's command line (bench/*.ts beside `npm run bench`, which parses
 * its own flags above), or `fallback` when the flag is absent.
 */
export function scriptFlag(name: string, fallback: string): string;
export function scriptFlag(name: string): string | undefined;
export function scriptFlag(name: string, fallback?: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}
