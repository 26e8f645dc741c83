import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Build {
  /** node arguments that start the server. */
  serverArgs: string[];
  /** The web build the server serves and the page-weight phase weighs, when there is one. */
  webRoot?: string;
  /** Source maps of the web build, kept outside it (so the server does not serve them), for bundle composition. */
  mapsDir?: string;
  notes: string[];
}

export const BUILD_DIR = path.resolve('bench/data/build');

/**
 * The node flags `npm start` runs the server with (package.json's start script, the one place they are written), so
 * the benchmark measures the server as it is started: `node --max-semi-space-size=8 dist/node/server/main.js`.
 */
export function serverNodeFlags(): string[] {
  const start = (JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
  const command = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/node\/server\/main\.js/.exec(start);
  if (!command) throw new Error(`package.json's start script does not run node dist/node/server/main.js: ${start}`);
  return command[1].trim().split(/\s+/).filter(Boolean);
}

function run(cmd: string, args: string[]): { ok: boolean; output: string } {
  const res = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: res.status === 0, output: `${res.stdout ?? ''}${res.stderr ?? ''}` };
}

/**
 * The production build (what `npm run build` makes) into bench/data/build instead of dist/, so a benchmark never
 * swaps dist/web under someone's running browser tests: vite build, then tsc of the server.
 */
export function buildProduction(log: (s: string) => void): Build {
  const notes: string[] = [];
  const web = path.join(BUILD_DIR, 'web');
  const node = path.join(BUILD_DIR, 'node');
  log(`  vite build -> ${path.relative(process.cwd(), web)}`);
  // Hidden source maps: the same JS bytes as a plain build (no sourceMappingURL comment), plus maps to attribute them.
  const v = run('npx', ['vite', 'build', '--outDir', web, '--emptyOutDir', '--logLevel', 'warn', '--sourcemap', 'hidden']);
  if (!v.ok) throw new Error(`vite build failed:\n${v.output}`);
  // The server's first-screen render (web/entry-server.tsx), beside the web root where the server looks for it.
  const ssr = run('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--outDir', path.join(BUILD_DIR, 'ssr'), '--emptyOutDir', '--logLevel', 'warn']);
  if (!ssr.ok) throw new Error(`vite build --ssr failed:\n${ssr.output}`);
  const maps = path.join(BUILD_DIR, 'maps');
  fs.rmSync(maps, { recursive: true, force: true });
  for (const f of fs.readdirSync(path.join(web, 'assets')).filter((x) => x.endsWith('.map'))) {
    fs.mkdirSync(path.join(maps, 'assets'), { recursive: true });
    fs.renameSync(path.join(web, 'assets', f), path.join(maps, 'assets', f));
  }
  log(`  tsc -p tsconfig.server.json -> ${path.relative(process.cwd(), node)}`);
  fs.rmSync(node, { recursive: true, force: true });
  const t = run('npx', ['tsc', '-p', 'tsconfig.server.json', '--outDir', node]);
  const main = path.join(node, 'server', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`tsc produced no ${main}:\n${t.output}`);
  if (!t.ok) {
    // tsc still emits on type errors; a half-finished file elsewhere in the tree should not stop a benchmark.
    notes.push('tsc reported type errors (the server was emitted and benchmarked anyway)');
    log(`  WARNING tsc reported type errors:\n${t.output.split('\n').slice(0, 10).join('\n')}`);
  }
  return { serverArgs: [...serverNodeFlags(), main], webRoot: web, mapsDir: maps, notes };
}

/** An existing build: the given directory, else bench/data/build from an earlier run, else dist/. */
export function existingBuild(dir?: string): Build {
  if (dir && !fs.existsSync(path.join(dir, 'node', 'server', 'main.js'))) throw new Error(`--build-dir ${dir}: no node/server/main.js inside`);
  for (const root of dir ? [path.resolve(dir)] : [BUILD_DIR, path.resolve('dist')]) {
    const main = path.join(root, 'node', 'server', 'main.js');
    if (fs.existsSync(main)) {
      const web = path.join(root, 'web');
      const maps = path.join(root, 'maps');
      return {
        serverArgs: [...serverNodeFlags(), main],
        webRoot: fs.existsSync(path.join(web, 'index.html')) ? web : undefined,
        mapsDir: fs.existsSync(maps) ? maps : undefined,
        notes: [`reused the build in ${path.relative(process.cwd(), root)}`],
      };
    }
  }
  throw new Error('no production build in bench/data/build or dist/: run without --no-build, or npm run build');
}

/**
 * Smoke runs start the server from source (tsx) and, when dist/web exists, a private copy of it: building takes
 * longer than the whole smoke budget, and a copy cannot change underneath us if someone rebuilds dist/ meanwhile.
 */
export function smokeBuild(tmpDir: string): Build {
  const notes: string[] = ['server run from source with tsx (smoke)'];
  const dist = path.resolve('dist/web');
  let webRoot: string | undefined;
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    webRoot = path.join(tmpDir, 'web');
    fs.cpSync(dist, webRoot, { recursive: true });
  } else notes.push('no dist/web build: page weight and GET / (HTML) skipped; run npm run build to include them');
  return { serverArgs: ['--import', 'tsx', path.resolve('src/server/main.ts')], webRoot, notes };
}
