/**
 * The primary of the `cluster` phase (docs/notes/bench.md, "Many processes"): forks BENCH_CLUSTER_WORKERS copies of
 * the server (`node <BENCH_CLUSTER_ARGS...>`, the build's own flags and main file) with node's cluster module. Each
 * worker's `listen` on PORT shares the primary's socket; the primary accepts each connection and hands it to the next
 * worker in turn (round-robin), after which the bytes flow between the client and that worker alone.
 *
 * Prints `cluster ready: <pid>,<pid>,...` once every worker listens (the bench reads the workers' CPU time by these
 * pids). A worker that dies ends the primary (a benchmark of fewer processes than asked would be wrong); SIGTERM is
 * passed to every worker, each of which closes as the server does (finishing what is in flight), then the primary exits.
 */
import cluster from 'node:cluster';

const workers = Number(process.env.BENCH_CLUSTER_WORKERS);
const args = JSON.parse(process.env.BENCH_CLUSTER_ARGS ?? '[]') as string[];
if (!Number.isInteger(workers) || workers < 1 || args.length === 0) {
  console.error('cluster-primary: set BENCH_CLUSTER_WORKERS (>= 1) and BENCH_CLUSTER_ARGS (JSON: node flags..., main file)');
  process.exit(2);
}

// Round-robin in the primary (the default on Linux, made explicit): leaving the choice to the kernel's accept() wakes
// tend to pile connections onto whichever worker is awake.
cluster.schedulingPolicy = cluster.SCHED_RR;
cluster.setupPrimary({ exec: args[args.length - 1], execArgv: args.slice(0, -1) });

let stopping = false;
const listening = new Set<number>();
for (let i = 0; i < workers; i++) cluster.fork();

cluster.on('listening', (worker) => {
  if (worker.process.pid) listening.add(worker.process.pid);
  if (listening.size === workers) console.log(`cluster ready: ${[...listening].join(',')}`);
});
cluster.on('exit', (worker, code, signal) => {
  if (stopping) return;
  console.error(`cluster-primary: worker ${worker.process.pid} exited (code ${code}, signal ${signal}) during the run`);
  stopping = true;
  for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  process.exitCode = 1;
});

process.on('SIGTERM', () => {
  stopping = true;
  const alive = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  let left = alive.length;
  if (left === 0) process.exit(process.exitCode ?? 0);
  for (const w of alive) {
    w.once('exit', () => {
      if (--left === 0) process.exit(process.exitCode ?? 0);
    });
    w.process.kill('SIGTERM');
  }
});
