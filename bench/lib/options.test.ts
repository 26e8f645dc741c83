import { describe, expect, it } from 'vitest';
import { parseOptions } from './options.js';
import { percentile, summarise } from './stats.js';

describe('bench options', () => {
  it('runs everything at 10k, 100k and 1M by default', () => {
    const o = parseOptions([], {});
    expect(o.sizes).toEqual([10_000, 100_000, 1_000_000]);
    expect([...o.phases].sort()).toEqual(['cluster', 'go', 'lighthouse', 'memory', 'mixed', 'scale', 'throughput', 'weight']);
    expect(o).toMatchObject({
      throughputSize: 100_000,
      mixedSize: 100_000,
      memorySize: 1_000_000,
      durationSec: 10,
      connections: 50,
      build: true,
      writeResults: true,
    });
    expect(o.cluster).toEqual({ processes: 3, size: 100_000, durationSec: 60, connections: 200, writesPerSec: 100, members: 50 });
  });

  it('keeps the smoke run small: tiny sizes, short runs, no Lighthouse, no results files', () => {
    const o = parseOptions(['--smoke'], {});
    expect(Math.max(...o.sizes)).toBeLessThanOrEqual(1000);
    expect(o.phases.has('lighthouse')).toBe(false);
    expect(o).toMatchObject({ durationSec: 1, build: false, writeResults: false, memorySize: o.throughputSize });
    expect(o.phases.has('cluster')).toBe(true);
    expect(o.cluster.processes).toBe(2);
    expect(o.cluster.size).toBeLessThanOrEqual(10_000);
    expect(o.cluster.durationSec).toBeLessThanOrEqual(5);
  });

  it('takes sizes, skips and --only, and PostgreSQL from BENCH_DATABASE_URL', () => {
    const o = parseOptions(['--sizes', '100_000,10000', '--skip-lighthouse', '--skip-memory', '--duration=3'], { BENCH_DATABASE_URL: 'postgres://u@h/db' });
    expect(o.sizes).toEqual([10_000, 100_000]);
    expect(o.sqliteSizes).toEqual([10_000, 100_000]);
    expect(parseOptions(['--sizes', '10000,10000000', '--sqlite-sizes', '1000000,10000'], {}).sqliteSizes).toEqual([10_000, 1_000_000]);
    expect([...o.phases].sort()).toEqual(['cluster', 'go', 'mixed', 'scale', 'throughput', 'weight']);
    expect(o.durationSec).toBe(3);
    expect(o.postgresUrl).toBe('postgres://u@h/db');
    expect([...parseOptions(['--only', 'weight,lighthouse'], {}).phases].sort()).toEqual(['lighthouse', 'weight']);
    const c = parseOptions(
      ['--only', 'cluster', '--cluster-processes', '4', '--cluster-size=10000', '--cluster-duration', '30', '--cluster-connections', '100'],
      {},
    );
    expect([...c.phases]).toEqual(['cluster']);
    expect(c.cluster).toMatchObject({ processes: 4, size: 10_000, durationSec: 30, connections: 100 });
  });

  it('refuses unknown flags and bad values', () => {
    expect(() => parseOptions(['--size', '10'], {})).toThrow(/Unknown flag --size/);
    expect(() => parseOptions(['--sizes', '10,abc'], {})).toThrow(/positive integers/);
    expect(() => parseOptions(['--only', 'speed'], {})).toThrow(/unknown phase/);
  });
});

describe('latency percentiles', () => {
  it('uses nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile(xs, 99)).toBe(99);
    expect(summarise([3, 1, 2])).toMatchObject({ n: 3, p50: 2, p99: 3, max: 3, mean: 2 });
  });
});
