import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { onCleanup } from './processes.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferBytes: number;
  /** The accessibility category's score of the same run (0-1). */
  accessibility: number;
  /**
   * Lighthouse's CPU benchmark of the machine during the run (`environment.benchmarkIndex`; higher is faster). The
   * mobile preset's fixed 4x slowdown lands on a slower machine as a slower phone: Total Blocking Time and the score
   * are only comparable between runs of similar index.
   */
  benchmarkIndex?: number;
}

/** A failing accessibility audit: what Lighthouse (axe-core) names and the elements it points at. */
export interface AccessibilityFailure {
  id: string;
  title: string;
  elements: string[];
}

export interface LighthousePage {
  page: string;
  url: string;
  preset: 'mobile' | 'desktop';
  /** The run with the median score. */
  median: LighthouseRun;
  scores: number[];
  /** Opportunities Lighthouse itself names (audit titles with an estimated saving), for the report. */
  opportunities: string[];
  /** What moved (the biggest layout shifts: element and score) and what the LCP element was, for whoever fixes it. */
  layoutShifts: Array<{ element: string; score: number }>;
  lcpElement?: string;
  /** Median of the runs' accessibility scores (each run measures both categories). */
  accessibility: number;
  accessibilityScores: number[];
  /** The failing accessibility audits of the run with the lowest accessibility score. */
  accessibilityFailures: AccessibilityFailure[];
}

interface NodeItem {
  type?: string;
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}
const describeNode = (n: NodeItem | undefined) => (n ? `${n.selector ?? ''} ${n.snippet ?? ''}`.trim().slice(0, 160) : 'unknown element');

function diagnostics(lhr: { audits: Record<string, { details?: unknown }> }) {
  const table = (id: string) => (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const layoutShifts = table('layout-shifts')
    .map((i) => ({ element: describeNode(i.node as NodeItem | undefined), score: Number(i.score ?? 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  // largest-contentful-paint-element: a list of tables; the first table's first item is the element.
  const lcpItems = table('largest-contentful-paint-element');
  const first = lcpItems[0] as { node?: NodeItem; items?: Array<{ node?: NodeItem }> } | undefined;
  const lcpNode = first?.node ?? first?.items?.[0]?.node;
  return { layoutShifts, lcpElement: lcpNode ? describeNode(lcpNode) : undefined };
}

type Audits = Record<string, { id: string; title: string; score: number | null; scoreDisplayMode?: string; details?: unknown }>;

/** Accessibility audits that failed (binary audits scored 0), with the elements each points at. */
function accessibilityFailures(lhr: {
  categories: Record<string, { auditRefs?: Array<{ id: string; weight: number }> } | undefined>;
  audits: Audits;
}): AccessibilityFailure[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((r) => lhr.audits[r.id])
    .filter((a) => a && a.scoreDisplayMode === 'binary' && a.score === 0)
    .map((a) => ({
      id: a.id,
      title: a.title,
      elements: ((a.details as { items?: Array<{ node?: NodeItem }> } | undefined)?.items ?? []).slice(0, 5).map((i) => describeNode(i.node)),
    }));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const ATTEMPTS = 3;

/** One Lighthouse report; trace-recording hiccups (NO_NAVSTART, NO_FCP on a busy machine) are retried. */
async function lighthouseReport(url: string, port: number, preset: 'mobile' | 'desktop', log: (s: string) => void) {
  let last = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const rr = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = rr?.lhr;
    const score = lhr?.categories.performance?.score;
    const a11y = lhr?.categories.accessibility?.score;
    if (lhr && !lhr.runtimeError && typeof score === 'number' && typeof a11y === 'number') return lhr;
    last = lhr?.runtimeError
      ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}`
      : `no performance or accessibility score (${JSON.stringify(lhr?.runWarnings ?? [])})`;
    log(`    Lighthouse ${preset} ${url}: ${last}${attempt < ATTEMPTS ? ', retrying' : ''}`);
  }
  throw new Error(`Lighthouse ${url} failed ${ATTEMPTS} times: ${last}`);
}

/**
 * The pages Lighthouse measures on a running demo-data server: home, browse and the newest active deal's page (a note
 * instead when the demo data has no active deal).
 */
export async function lighthousePages(baseUrl: string): Promise<{ pages: Array<{ page: string; url: string }>; notes: string[] }> {
  const res = await fetch(`${baseUrl}/api/deals?pageSize=1`);
  if (!res.ok) throw new Error(`GET /api/deals answered ${res.status}`);
  const list = (await res.json()) as { data: { deals: Array<{ id: number }> } };
  const pages = [
    { page: '/', url: `${baseUrl}/` },
    { page: '/dealsBrowse', url: `${baseUrl}/dealsBrowse` },
  ];
  const notes: string[] = [];
  const dealId = list.data.deals[0]?.id;
  if (dealId) pages.push({ page: '/dealDetail/{id}', url: `${baseUrl}/dealDetail/${dealId}` });
  else notes.push('Lighthouse: the demo data has no active deal, deal page not measured');
  return { pages, notes };
}

/**
 * Lighthouse performance and accessibility (default mobile preset: emulated Moto G Power, simulated slow 4G and 4x CPU slowdown; the
 * desktop preset as a second opinion) with Debian's Chromium, headless, both categories from the same runs. Kept: the run with
 * the median performance score, and the median of the accessibility scores with the failing audits of the worst run.
 */
export async function runLighthouse(
  pages: Array<{ page: string; url: string }>,
  opts: { mobileRuns: number; desktopRuns: number },
  log: (s: string) => void,
): Promise<LighthousePage[]> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-bench-chrome-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  const forget = onCleanup(() => {
    try {
      process.kill(chrome.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });
  const out: LighthousePage[] = [];
  try {
    for (const preset of ['mobile', 'desktop'] as const) {
      const runs = preset === 'mobile' ? opts.mobileRuns : opts.desktopRuns;
      if (runs < 1) continue;
      for (const p of pages) {
        const results: Array<{ run: LighthouseRun; opportunities: string[]; diag: ReturnType<typeof diagnostics>; a11yFailures: AccessibilityFailure[] }> = [];
        for (let i = 0; i < runs; i++) {
          const lhr = await lighthouseReport(p.url, chrome.port, preset, log);
          const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
          const score = lhr.categories.performance?.score as number;
          const accessibility = lhr.categories.accessibility?.score as number;
          const opportunities = Object.values(lhr.audits)
            .filter((a) => a.details?.type === 'opportunity' && typeof a.score === 'number' && a.score < 0.9)
            .map((a) => a.title);
          results.push({
            run: {
              score,
              fcpMs: num('first-contentful-paint'),
              lcpMs: num('largest-contentful-paint'),
              tbtMs: num('total-blocking-time'),
              cls: num('cumulative-layout-shift'),
              speedIndexMs: num('speed-index'),
              transferBytes: num('total-byte-weight'),
              accessibility,
              benchmarkIndex: (lhr as { environment?: { benchmarkIndex?: number } }).environment?.benchmarkIndex,
            },
            opportunities,
            diag: diagnostics(lhr as never),
            a11yFailures: accessibilityFailures(lhr as never),
          });
        }
        const sorted = [...results].sort((a, b) => a.run.score - b.run.score);
        const mid = sorted[Math.floor(sorted.length / 2)];
        const a11yScores = results.map((r) => r.run.accessibility);
        const worstA11y = [...results].sort((a, b) => a.run.accessibility - b.run.accessibility)[0];
        out.push({
          page: p.page,
          url: p.url,
          preset,
          median: mid.run,
          scores: results.map((r) => r.run.score),
          opportunities: mid.opportunities,
          ...mid.diag,
          accessibility: median(a11yScores),
          accessibilityScores: a11yScores,
          accessibilityFailures: worstA11y.a11yFailures,
        });
        const m = mid.run;
        log(
          `    ${preset.padEnd(7)} ${p.page.padEnd(18)} score ${m.score.toFixed(2)} (runs ${results.map((r) => r.run.score.toFixed(2)).join(', ')})  accessibility ${median(a11yScores).toFixed(2)}  FCP ${(m.fcpMs / 1000).toFixed(1)} s  LCP ${(m.lcpMs / 1000).toFixed(1)} s  TBT ${m.tbtMs.toFixed(0)} ms  CLS ${m.cls.toFixed(3)}  ${(m.transferBytes / 1024).toFixed(0)} KB  CPU index ${m.benchmarkIndex?.toFixed(0) ?? '-'}`,
        );
      }
    }
    return out;
  } finally {
    chrome.kill();
    forget();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}
