import type { LighthousePage } from './lighthouse.js';
import type { PageWeightResult } from './page-weight.js';
import type { MemoryReading } from './processes.js';
import type { GoEngineResult } from './go.js';
import type { CaseResult } from './scale.js';
import { check, mark, P50_GROWTH_CASES, TARGETS, type TargetCheck } from './targets.js';
import type { ClusterResult } from './cluster.js';
import type { MixedResult } from './mixed.js';
import type { LoadStats, ThroughputResult } from './throughput.js';

export interface ScaleEngineResult {
  engine: 'sqlite' | 'postgres';
  sizes: Array<{ deals: number; cases: CaseResult[]; seconds: number }>;
}

export interface MemoryResult {
  deals: number;
  reading: MemoryReading;
}

const fmtMs = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const sizeLabel = (n: number) => (n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000}M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function table(head: string[], rows: string[][], rightAlign: (col: number) => boolean = (c) => c > 0): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAlign(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * Browse-query targets: p95 at the largest size under the cap for every browse query; p50 growth from the
 * smallest size within bounds for search, trending, the home trending row and page 100, and on PostgreSQL for every
 * browse query. (The p50: on a shared machine a p95 of a few ms is mostly scheduling.)
 */
export function scaleChecks(r: ScaleEngineResult): Map<string, TargetCheck[]> {
  const out = new Map<string, TargetCheck[]>();
  if (r.sizes.length === 0) return out;
  const small = r.sizes[0];
  const large = r.sizes[r.sizes.length - 1];
  for (const c of large.cases) {
    if (!c.browseTarget && c.p95TargetMs === undefined) continue;
    const checks = [check(`${r.engine} ${c.label}: p95 at ${sizeLabel(large.deals)}`, c.p95, c.p95TargetMs ?? TARGETS.browseP95Ms, 'ms', 'max')];
    const base = small.cases.find((x) => x.id === c.id);
    if (base && c.browseTarget && r.sizes.length > 1 && (r.engine === 'postgres' || P50_GROWTH_CASES.has(c.id))) {
      checks.push(
        check(`${r.engine} ${c.label}: p50 growth ${sizeLabel(small.deals)}->${sizeLabel(large.deals)}`, c.p50 / base.p50, TARGETS.browseP50Growth, 'x', 'max'),
      );
    }
    out.set(c.id, checks);
  }
  return out;
}

export function scaleTable(r: ScaleEngineResult): string {
  const checks = scaleChecks(r);
  const sizes = r.sizes;
  const growthOf = (p: string) => `${p} ${sizeLabel(sizes[sizes.length - 1].deals)}/${sizeLabel(sizes[0].deals)}`;
  // The p50 growth beside the p95 one: on a shared machine a few-ms p95 is mostly scheduling, the p50 is the query.
  const head = [
    'query',
    ...sizes.flatMap((s) => [`${sizeLabel(s.deals)} p50`, 'p95', 'p99']),
    ...(sizes.length > 1 ? [growthOf('p50'), growthOf('p95')] : []),
    'target',
  ];
  const rows = sizes[0].cases.map((c) => {
    const per = sizes.map((s) => s.cases.find((x) => x.id === c.id) as CaseResult);
    const growth = per[per.length - 1].p95 / per[0].p95;
    const growth50 = per[per.length - 1].p50 / per[0].p50;
    const cs = checks.get(c.id);
    const target = cs
      ? cs.every((x) => x.pass)
        ? 'PASS'
        : `MISS (${cs
            .filter((x) => !x.pass)
            .map((x) => (x.unit === 'x' ? `p50 growth ${x.measured.toFixed(1)}x` : `p95 > ${x.limit} ms`))
            .join(', ')})`
      : '';
    return [
      c.label,
      ...per.flatMap((x) => [fmtMs(x.p50), fmtMs(x.p95), fmtMs(x.p99)]),
      ...(sizes.length > 1 ? [`${growth50.toFixed(2)}x`, `${growth.toFixed(2)}x`] : []),
      target,
    ];
  });
  return table(head, rows, (i) => i > 0 && i < head.length - 1);
}

export function throughputChecks(t: ThroughputResult): TargetCheck[] {
  return t.rows
    .filter((r) => r.ratioTarget !== undefined)
    .map((r) => check(`${r.label} at ${sizeLabel(t.deals)}: real/baseline req/s`, r.ratio, r.ratioTarget as number, 'x', 'min'));
}

export function throughputTable(t: ThroughputResult): string {
  const head = ['endpoint', 'bytes', 'req/s', 'p99 ms', 'CPU µs/req', 'baseline req/s', 'p99 ms', 'CPU µs/req', 'ratio', 'CPU ratio', 'target'];
  const rows = t.rows.map((r) => [
    r.label,
    String(r.responseBytes),
    r.real.reqPerSec.toFixed(0),
    String(r.real.p99Ms),
    r.real.cpuUsPerReq.toFixed(0),
    r.baseline.reqPerSec.toFixed(0),
    String(r.baseline.p99Ms),
    r.baseline.cpuUsPerReq.toFixed(0),
    r.ratio.toFixed(2),
    r.cpuRatio.toFixed(2),
    r.ratioTarget !== undefined ? `${mark(r.ratio >= r.ratioTarget)} (>= ${r.ratioTarget})` : '',
  ]);
  return table(head, rows, (i) => i > 0 && i < head.length - 1);
}

export function memoryChecks(m: MemoryResult): TargetCheck[] {
  return [check(`server RSS after load at ${sizeLabel(m.deals)}`, m.reading.rssMb, TARGETS.rssMb, 'MB', 'max')];
}

export function memoryLine(m: MemoryResult): string {
  const r = m.reading;
  return `RSS after the throughput runs at ${sizeLabel(m.deals)} deals: ${r.rssMb.toFixed(0)} MB (anonymous ${r.anonMb.toFixed(0)} MB, file-backed ${r.fileMb.toFixed(0)} MB, peak ${r.peakMb.toFixed(0)} MB)  ${mark(r.rssMb <= TARGETS.rssMb)} (<= ${TARGETS.rssMb} MB)`;
}

/** The initial-JS budget of a route: / and the deal page have one (docs/notes/web-performance.md). */
const jsLimit = (route: string) => (route === '/' ? TARGETS.initialJsGzipKb : route.startsWith('/dealDetail') ? TARGETS.dealPageJsGzipKb : undefined);

export function weightChecks(w: PageWeightResult): TargetCheck[] {
  return w.routes.flatMap((r) => {
    const limit = jsLimit(r.route);
    return limit === undefined ? [] : [check(`initial JS for ${r.route} (gzip)`, r.jsGzip / 1000, limit, 'kB', 'max')];
  });
}

export function weightTables(w: PageWeightResult): string {
  const SHOWN = 15;
  const rest = w.chunks.slice(SHOWN);
  const chunkRows = w.chunks.slice(0, SHOWN).map((c) => [c.file, kb(c.raw), kb(c.gzip)]);
  if (rest.length > 0) chunkRows.push([`... ${rest.length} smaller chunks`, kb(rest.reduce((s, c) => s + c.raw, 0)), kb(rest.reduce((s, c) => s + c.gzip, 0))]);
  const all = (k: 'raw' | 'gzip', kind: 'js' | 'css') => kb(w.chunks.filter((c) => c.kind === kind).reduce((s, c) => s + c[k], 0));
  chunkRows.push(['all JS', all('raw', 'js'), all('gzip', 'js')], ['all CSS', all('raw', 'css'), all('gzip', 'css')]);
  const chunks = table(['chunk (largest first; every chunk is in results JSON)', 'raw kB', 'gzip kB'], chunkRows);
  const routes = table(
    ['route', 'initial JS', 'JS raw kB', 'JS gzip kB', 'CSS gzip kB', 'target'],
    w.routes.map((r) => [
      r.route,
      `${r.jsFiles.length} files, entry ${r.jsFiles[0]?.replace(/^assets\//, '')}`,
      kb(r.jsRaw),
      kb(r.jsGzip),
      kb(r.cssGzip),
      jsLimit(r.route) !== undefined ? `${mark(r.jsGzip / 1000 <= (jsLimit(r.route) as number))} (<= ${jsLimit(r.route)} kB)` : '',
    ]),
    (i) => i >= 2 && i <= 4,
  );
  const parts = [chunks, routes];
  for (const r of w.routes) {
    if (!r.packages) continue;
    const total = r.packages.reduce((s, p) => s + p.bytes, 0);
    parts.push(
      `Initial JS of ${r.route} by package (minified bytes, before gzip):\n` +
        table(
          ['package', 'kB', 'share'],
          r.packages.slice(0, 14).map((p) => [p.name, kb(p.bytes), `${((100 * p.bytes) / total).toFixed(1)}%`]),
        ),
    );
  }
  return parts.join('\n\n');
}

/** Lighthouse accessibility at least 0.95 on /, /dealsBrowse and a deal page (TARGETS has the performance one). */
export const LIGHTHOUSE_ACCESSIBILITY_TARGET = 0.95;

export function lighthouseChecks(pages: LighthousePage[]): TargetCheck[] {
  const mobile = pages.filter((p) => p.preset === 'mobile');
  return [
    ...mobile.map((p) => check(`Lighthouse performance ${p.page} (mobile)`, p.median.score, TARGETS.lighthouseScore, '', 'min')),
    ...mobile.map((p) => check(`Lighthouse LCP ${p.page} (mobile)`, p.median.lcpMs, TARGETS.lighthouseLcpMs, 'ms', 'max')),
    ...mobile.map((p) => check(`Lighthouse accessibility ${p.page} (mobile)`, p.accessibility, LIGHTHOUSE_ACCESSIBILITY_TARGET, '', 'min')),
  ];
}

export function lighthouseTable(pages: LighthousePage[]): string {
  return table(
    ['page', 'preset', 'score', 'runs', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'transfer kB', 'target', 'a11y', 'a11y runs', 'a11y target', 'CPU index'],
    pages.map((p) => [
      p.page,
      p.preset,
      p.median.score.toFixed(2),
      p.scores.map((s) => s.toFixed(2)).join(' '),
      (p.median.fcpMs / 1000).toFixed(1),
      (p.median.lcpMs / 1000).toFixed(1),
      p.median.tbtMs.toFixed(0),
      p.median.cls.toFixed(3),
      kb(p.median.transferBytes),
      p.preset === 'mobile' ? `${mark(p.median.score >= TARGETS.lighthouseScore)} (>= ${TARGETS.lighthouseScore})` : '',
      p.accessibility.toFixed(2),
      p.accessibilityScores.map((s) => s.toFixed(2)).join(' '),
      p.preset === 'mobile' ? `${mark(p.accessibility >= LIGHTHOUSE_ACCESSIBILITY_TARGET)} (>= ${LIGHTHOUSE_ACCESSIBILITY_TARGET})` : '',
      p.median.benchmarkIndex === undefined ? '-' : p.median.benchmarkIndex.toFixed(0),
    ]),
    (i) => (i >= 2 && i <= 8) || i === 10 || i === 13,
  );
}

/** Lighthouse's own findings: performance opportunities, the LCP element and layout shifts, failing accessibility audits. */
export function lighthouseOpportunities(pages: LighthousePage[]): string {
  const lines: string[] = [];
  for (const p of pages) {
    if (p.opportunities.length > 0) lines.push(`  ${p.preset} ${p.page}: ${p.opportunities.join('; ')}`);
    for (const f of p.accessibilityFailures)
      lines.push(`  ${p.preset} ${p.page} accessibility: ${f.title} [${f.id}]${f.elements.map((e) => `\n      ${e}`).join('')}`);
    if (p.preset !== 'mobile') continue;
    if (p.lcpElement) lines.push(`    LCP element: ${p.lcpElement}`);
    for (const s of p.layoutShifts) lines.push(`    layout shift ${s.score.toFixed(3)}: ${s.element}`);
  }
  return lines.join('\n');
}

export function targetSummary(checks: TargetCheck[]): string {
  const missed = checks.filter((c) => !c.pass);
  const lines = [`${checks.length - missed.length} of ${checks.length} targets met.`];
  for (const c of missed)
    lines.push(
      `  MISS ${c.name}: ${c.unit === '' || c.unit === 'x' ? c.measured.toFixed(2) : c.measured.toFixed(1)}${c.unit === 'x' ? 'x' : c.unit ? ` ${c.unit}` : ''} (${c.kind === 'max' ? '<=' : '>='} ${c.limit}${c.unit === 'x' ? 'x' : c.unit ? ` ${c.unit}` : ''})`,
    );
  return lines.join('\n');
}

export { sizeLabel };

/** The redirect's target: p95 at the largest size. */
export function goChecks(r: GoEngineResult): TargetCheck[] {
  const large = r.sizes[r.sizes.length - 1];
  return large ? [check(`${r.engine} go (redirect): p95 at ${sizeLabel(large.deals)}`, large.result.p95, TARGETS.goP95Ms, 'ms', 'max')] : [];
}

export function goTable(r: GoEngineResult): string {
  const [target] = goChecks(r);
  const rows = r.sizes.map(({ deals, result }, i) => [
    sizeLabel(deals),
    fmtMs(result.p50),
    fmtMs(result.p95),
    fmtMs(result.p99),
    String(result.n),
    String(result.counted),
    i === r.sizes.length - 1 && target ? `${mark(target.pass)} (<= ${TARGETS.goP95Ms} ms)` : '',
  ]);
  return table(['deals', 'p50', 'p95', 'p99', 'n', 'counted', 'target p95'], rows, (c) => c > 0 && c < 6);
}

/** Reads under writes: each rate's ratio and read p99, and no error (reads or writes). */
export function mixedChecks(r: MixedResult): TargetCheck[] {
  const limits: Record<number, number> = { 20: TARGETS.readsUnder20WritesRatio, 100: TARGETS.readsUnder100WritesRatio };
  const checks: TargetCheck[] = [];
  for (const x of r.ratios) {
    const limit = limits[x.writesPerSec];
    if (limit !== undefined) checks.push(check(`${r.engine} reads under ${x.writesPerSec} writes/s / reads alone`, x.ratio, limit, 'x', 'min'));
    checks.push(check(`${r.engine} read p99 under ${x.writesPerSec} writes/s`, x.readP99Ms, TARGETS.readP99UnderWritesMs, 'ms', 'max'));
  }
  const failed = r.readErrors + r.underWrites.reduce((n, s) => n + s.writes.failed, 0);
  checks.push(check(`${r.engine} reads under writes: errors`, failed, 0, '', 'max'));
  return checks;
}

export function mixedTable(r: MixedResult): string {
  const row = (label: string, s: LoadStats, hits: number, cpu: string, writes: string, ratio: string) => [
    label,
    s.reqPerSec.toFixed(0),
    fmtMs(s.p50Ms),
    fmtMs(s.p99Ms),
    `${(hits * 100).toFixed(1)}%`,
    cpu,
    writes,
    ratio,
  ];
  const rows = [
    row('reads alone', r.alone, r.aloneCacheHitRate, `${r.cpuUsPerRead.toFixed(0)} µs/read`, '', ''),
    ...r.underWrites.map((s, i) =>
      row(
        `${s.writesPerSec} writes/s`,
        s.reads,
        s.cacheHitRate,
        `${s.cpuMsPerWrite.toFixed(2)} ms/write`,
        `${s.writes.ok} ok, ${s.writes.refused} refused, ${s.writes.failed} failed`,
        r.ratios[i] ? r.ratios[i].ratio.toFixed(2) : '',
      ),
    ),
  ];
  return table(['segment', 'reads/s', 'p50', 'p99', 'cache hits', 'server CPU', 'writes', 'ratio'], rows, (c) => c > 0 && c < 6);
}

/** Many processes: reads/s over one process's, read p99, no failed read or write, every acknowledged write kept. */
export function clusterChecks(r: ClusterResult): TargetCheck[] {
  const n = r.many.processes;
  return [
    check(`cluster: ${n} processes' reads/s over one process's (${r.cpus} cores)`, r.ratio, TARGETS.clusterReadsRatio, 'x', 'min'),
    check(`cluster: read p99 of ${n} processes`, r.many.reads.p99Ms, TARGETS.clusterReadP99Ms, 'ms', 'max'),
    check('cluster: failed reads and writes', r.errors, 0, '', 'max'),
    check('cluster: acknowledged writes missing afterwards', r.acknowledged.missing, 0, '', 'max'),
  ];
}

export function clusterTable(r: ClusterResult): string {
  const row = (s: ClusterResult['one']) => [
    String(s.processes),
    s.reads.reqPerSec.toFixed(0),
    fmtMs(s.reads.p50Ms),
    fmtMs(s.reads.p99Ms),
    s.cpuCores.toFixed(2),
    s.loadCores.toFixed(2),
    s.reads.cpuUsPerReq.toFixed(0),
    `${s.writes.ok} ok, ${s.writes.refused} refused, ${s.writes.failed} failed`,
    String(s.readErrors),
  ];
  const a = r.acknowledged;
  return [
    table(
      ['processes', 'reads/s', 'p50', 'p99', 'server cores', 'load generator cores', 'CPU µs/read', 'writes', 'read errors'],
      [row(r.one), row(r.many)],
      (c) => c < 7,
    ),
    '',
    `${r.many.processes} processes / one: ${r.ratio.toFixed(2)}x reads/s on ${r.cpus} cores (load average ${r.loadAverage.before.join(' ')} before, ${r.loadAverage.after.join(' ')} after)`,
    `acknowledged writes: ${a.votes} votes, ${a.saves} saves/unsaves, ${a.comments} comments; missing afterwards: ${a.missing}${a.examples.length ? ` (${a.examples.join('; ')})` : ''}`,
  ].join('\n');
}
