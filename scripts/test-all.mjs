#!/usr/bin/env node
// `npm test`: lint (Biome: formatting and lint rules), type-check, unit/API/component tests (Vitest), the benchmark smoke
// run, then the browser journeys. The lint goes first: it takes seconds and fails the run before the slow suites start.
// Outside CI the browser suite is skipped loudly when Debian's Chromium is missing; in CI that is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const inCI = process.env.CI === 'true' || process.env.CI === '1';

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const only = process.argv[2];
if (!only || only === 'unit' || only === 'lint') {
  run('lint (biome check)', 'npm', ['run', '--silent', 'lint']);
}
if (!only || only === 'unit') {
  run('type-check (server)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('type-check (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']);
  run('vitest (unit, API, components)', 'npx', ['vitest', 'run']);
}
if (!only || only === 'bench') {
  if (fs.existsSync('bench/run.ts')) run('benchmark smoke', 'npx', ['tsx', 'bench/run.ts', '--smoke']);
}
if (!only || only === 'e2e') {
  fs.rmSync('test-results/.e2e-ran', { force: true });
  if (!fs.existsSync(CHROMIUM)) {
    const msg = `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!! BROWSER SUITE SKIPPED: no Chromium at ${CHROMIUM}.\n!! Install Debian's package: apt-get install -y chromium\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`;
    console.error(msg);
    if (inCI) process.exit(1);
  } else {
    run('build (production)', 'npm', ['run', 'build']);
    run('playwright (Chromium)', 'npx', ['playwright', 'test']);
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/.e2e-ran', new Date().toISOString());
  }
}
