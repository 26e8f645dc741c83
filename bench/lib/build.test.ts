import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from './build.js';

describe('the server as npm start runs it', () => {
  it("is benchmarked with the start script's node flags, which this Node accepts", () => {
    const flags = serverNodeFlags();
    expect(flags).toEqual(expect.arrayContaining(['--max-semi-space-size=8', '--heap-growing-percent=50']));
    // A Node upgrade that drops a V8 flag would stop `npm start` with "bad option": caught here first.
    const run = spawnSync(process.execPath, [...flags, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
