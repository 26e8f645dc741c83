import { describe, expect, it } from 'vitest';
import { ALTERNATION, combineLoads, type LoadStats } from './throughput.js';

const run = (reqPerSec: number, seconds: number, cpuUsPerReq: number, p50Ms: number, p99Ms: number): LoadStats => ({
  reqPerSec,
  cpuUsPerReq,
  p50Ms,
  p99Ms,
  bytesPerSec: reqPerSec * 1000,
  requests: reqPerSec * seconds,
});

describe('throughput runs', () => {
  it('alternates real and baseline ABBA, the same time for each', () => {
    expect(ALTERNATION).toEqual(['real', 'baseline', 'baseline', 'real']);
    expect(ALTERNATION.filter((s) => s === 'real')).toHaveLength(ALTERNATION.filter((s) => s === 'baseline').length);
  });

  it('combines runs into one: requests over total time, CPU over all requests, worst p99', () => {
    const c = combineLoads([run(1000, 5, 100, 2, 10), run(3000, 5, 60, 1, 30)]);
    expect(c.requests).toBe(20_000);
    expect(c.reqPerSec).toBeCloseTo(2000, 6);
    // 5,000 requests at 100 µs and 15,000 at 60 µs.
    expect(c.cpuUsPerReq).toBeCloseTo((5000 * 100 + 15000 * 60) / 20000, 6);
    expect(c.p50Ms).toBe(1.5);
    expect(c.p99Ms).toBe(30);
  });

  it('cancels a steady drift that one run of each side, one after the other, would put into the ratio', () => {
    // The machine slows 10% per quarter; both sides are equally fast at any moment.
    const speed = [1, 0.9, 0.8, 0.7];
    const ratioOf = (order: ReadonlyArray<'real' | 'baseline'>) => {
      const runs = { real: [] as LoadStats[], baseline: [] as LoadStats[] };
      for (const [i, side] of order.entries()) runs[side].push(run(1000 * speed[i], 5, 100 / speed[i], 2, 10));
      return combineLoads(runs.real).reqPerSec / combineLoads(runs.baseline).reqPerSec;
    };
    expect(ratioOf(ALTERNATION)).toBeCloseTo(1, 6);
    expect(Math.abs(ratioOf(['real', 'real', 'baseline', 'baseline']) - 1)).toBeGreaterThan(0.2);
  });

  it('refuses to combine nothing', () => {
    expect(() => combineLoads([])).toThrow(/no run/);
  });
});
