import { performance } from 'node:perf_hooks';
import { openBenchApp, type ScaleRunOptions } from './scale.js';
import { sampleParams } from './scale-params.js';
import { type LatencySummary, summarise } from './stats.js';

export interface GoResult extends LatencySummary {
  /** Clicks the run counted (each call a new visitor): what the redirect's counting had to do. */
  counted: number;
}

export interface GoEngineResult {
  engine: 'sqlite' | 'postgres';
  sizes: Array<{ deals: number; result: GoResult }>;
}

/**
 * GET /go/{id} through the real app (docs/notes/analytics.md), as the scale phase measures its cases: buildApp +
 * app.inject, one call at a time after a warm-up, over public deals across the table. Every call is a new visitor
 * (its own user agent), so every one is a counted click: the deal read by key, the 302, then the visitor's hash, the
 * 30-minute check and the tally, with the 5-second flush running beside the calls as in production.
 */
export async function measureRedirect(databaseUrl: string, opts: ScaleRunOptions, log: (s: string) => void): Promise<GoResult> {
  const { app, db, close } = await openBenchApp(databaseUrl);
  try {
    const { dealIds } = await sampleParams(db, opts.warmup + opts.maxIterations);
    if (dealIds.length === 0) throw new Error('go: the database has no public deal to redirect to');
    const call = async (i: number) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/go/${dealIds[i % dealIds.length]}`,
        headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 bench/${i}` },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 302) throw new Error(`go: /go/${dealIds[i % dealIds.length]} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return ms;
    };
    let i = 0;
    for (; i < opts.warmup; i++) await call(i);
    const samples: number[] = [];
    const started = performance.now();
    while (samples.length < opts.maxIterations && (samples.length < opts.minIterations || performance.now() - started < opts.budgetMs)) {
      samples.push(await call(i++));
    }
    // Counting happens after each answer: let the last ones land, then write them as a close would.
    await new Promise((r) => setTimeout(r, 20));
    await app.analytics.flush();
    const row = await db.kysely
      .selectFrom('deal_daily_stats')
      .select((eb) => eb.fn.sum<number>('clicks').as('n'))
      .executeTakeFirst();
    const s = summarise(samples);
    log(
      `    ${'go (redirect)'.padEnd(28)} p50 ${s.p50.toFixed(2).padStart(8)}  p95 ${s.p95.toFixed(2).padStart(8)}  p99 ${s.p99.toFixed(2).padStart(8)} ms  (n=${s.n})`,
    );
    return { ...s, counted: Number(row?.n ?? 0) };
  } finally {
    await close();
  }
}
