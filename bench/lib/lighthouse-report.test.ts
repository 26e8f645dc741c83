import { describe, expect, it } from 'vitest';
import type { LighthousePage } from './lighthouse.js';
import { lighthouseChecks, lighthouseOpportunities, lighthouseTable } from './report.js';

const run = (score: number, accessibility: number) => ({
  score,
  fcpMs: 900,
  lcpMs: 1500,
  tbtMs: 20,
  cls: 0,
  speedIndexMs: 1000,
  transferBytes: 150_000,
  accessibility,
  benchmarkIndex: 1234.4,
});

function page(p: string, preset: 'mobile' | 'desktop', score: number, accessibility: number[]): LighthousePage {
  const sorted = [...accessibility].sort((a, b) => a - b);
  return {
    page: p,
    url: `http://127.0.0.1:1${p}`,
    preset,
    median: run(score, sorted[1] ?? sorted[0]),
    scores: accessibility.map(() => score),
    opportunities: [],
    layoutShifts: [],
    accessibility: sorted[Math.floor(sorted.length / 2)],
    accessibilityScores: accessibility,
    accessibilityFailures: accessibility.some((a) => a < 1)
      ? [{ id: 'color-contrast', title: 'Background and foreground colors do not have a sufficient contrast ratio.', elements: ['a.btn <a class="btn">'] }]
      : [],
  };
}

describe('Lighthouse checks', () => {
  const pages = [page('/', 'mobile', 0.97, [1, 1, 1]), page('/dealsBrowse', 'mobile', 0.96, [0.94, 0.93, 0.94]), page('/', 'desktop', 0.99, [0.5])];

  it('adds an LCP check (<= 1.5 s) and an accessibility check (>= 0.95, median of the runs) beside each mobile page’s performance check', () => {
    const slow = page('/dealsBrowse', 'mobile', 0.96, [0.94, 0.93, 0.94]);
    slow.median.lcpMs = 1501;
    const checks = lighthouseChecks([pages[0], slow, pages[2]]);
    expect(checks.map((c) => c.name)).toEqual([
      'Lighthouse performance / (mobile)',
      'Lighthouse performance /dealsBrowse (mobile)',
      'Lighthouse LCP / (mobile)',
      'Lighthouse LCP /dealsBrowse (mobile)',
      'Lighthouse accessibility / (mobile)',
      'Lighthouse accessibility /dealsBrowse (mobile)',
    ]);
    expect(checks.filter((c) => c.name.includes('LCP')).map((c) => [c.measured, c.limit, c.unit, c.pass])).toEqual([
      [1500, 1500, 'ms', true],
      [1501, 1500, 'ms', false],
    ]);
    const a11y = checks.filter((c) => c.name.includes('accessibility'));
    expect(a11y.map((c) => [c.measured, c.limit, c.pass])).toEqual([
      [1, 0.95, true],
      [0.94, 0.95, false],
    ]);
  });

  it('prints the accessibility scores and the failing audits with their elements', () => {
    const t = lighthouseTable(pages);
    expect(t.split('\n')[0]).toContain('a11y runs');
    expect(t).toContain('0.94 0.93 0.94');
    expect(t).toContain('MISS (>= 0.95)');
    // The machine's CPU benchmark beside each page: scores of runs on machines of other speeds are not comparable.
    expect(t.split('\n')[0]).toContain('CPU index');
    expect(t).toContain('1234');
    const ops = lighthouseOpportunities(pages);
    expect(ops).toContain('mobile /dealsBrowse accessibility: Background and foreground colors');
    expect(ops).toContain('a.btn <a class="btn">');
    expect(ops).not.toContain('mobile / accessibility');
  });
});
