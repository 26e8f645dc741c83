import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import { FeedError } from './source/pepper-rss.js';
import type { ScraperSource } from './source/sources.js';
import { bodyText, FEED_MAX_BYTES, safeFetch, SafeFetchError } from '../../services/safe-fetch/safe-fetch.js';
import { importItems } from './import-items.js';

export const FEED_TIMEOUT_MS = 30_000;

export interface RunResult {
  logId: number;
  source: string;
  status: 'completed' | 'failed';
  dealsAdded: number;
  itemsFound: number;
  skipped: number;
  dataFile: string | null;
  error: string | null;
}

function failureText(err: unknown): string {
  if (err instanceof SafeFetchError) return `Could not fetch the feed: ${err.message}`;
  if (err instanceof FeedError) return err.message;
  return `Unexpected error: ${(err as Error)?.message ?? String(err)}`.slice(0, 500);
}

/**
 * One run of one scraper: a 'started' log row, the feed fetched through the SSRF guard, the items saved as a JSON file
 * in DATA_DIR/scrapes, new items imported as pending deals, then the row marked 'completed' (or 'failed' with the error).
 * Never throws for a failed scrape: the result and the log row say what happened.
 */
export async function runScraper(deps: AppDeps, logger: FastifyBaseLogger, scraper: ScraperSource): Promise<RunResult> {
  const { db, config } = deps;
  const startedAt = new Date().toISOString();
  const log = await db.kysely
    .insertInto('scraper_logs')
    .values({ source: scraper.source, status: 'started', error: null, data_file: null, created_at: startedAt, finished_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();

  let dataFile: string | null = null;
  try {
    const res = await safeFetch(scraper.feedUrl, {
      maxBytes: FEED_MAX_BYTES,
      allow: config.safeFetchAllow,
      timeoutMs: FEED_TIMEOUT_MS,
      accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    });
    const items = scraper.parse(bodyText(res));
    dataFile = `${scraper.source}-${startedAt.replace(/[:.]/g, '-')}-${log.id}.json`;
    await fs.writeFile(
      path.join(config.scrapesDir, dataFile),
      JSON.stringify({ source: scraper.source, feedUrl: res.url, fetchedAt: startedAt, logId: log.id, itemCount: items.length, items }, null, 2),
    );
    // Each new deal is a lifecycle change: caches hear of it like any other, scheduled runs included.
    const imported = await importItems(deps, scraper.source, items);
    await db.kysely
      .updateTable('scraper_logs')
      .set({ status: 'completed', deals_added: imported.added, data_file: dataFile, finished_at: new Date().toISOString() })
      .where('id', '=', log.id)
      .execute();
    logger.info({ source: scraper.source, added: imported.added, skipped: imported.skipped }, 'scraper run completed');
    return {
      logId: log.id,
      source: scraper.source,
      status: 'completed',
      dealsAdded: imported.added,
      itemsFound: items.length,
      skipped: imported.skipped,
      dataFile,
      error: null,
    };
  } catch (err) {
    const error = failureText(err);
    logger.warn({ err, source: scraper.source }, 'scraper run failed');
    await db.kysely
      .updateTable('scraper_logs')
      .set({ status: 'failed', error, data_file: dataFile, finished_at: new Date().toISOString() })
      .where('id', '=', log.id)
      .execute();
    return { logId: log.id, source: scraper.source, status: 'failed', dealsAdded: 0, itemsFound: 0, skipped: 0, dataFile, error };
  }
}

/** The API answer for a run: the envelope's data on success, a 502 naming the failure otherwise. */
export function runOutcome(result: RunResult) {
  if (result.status === 'failed') {
    throw new HttpError(502, `The ${result.source} scraper failed: ${result.error}`, { logId: result.logId });
  }
  return {
    dataFile: result.dataFile,
    dealsAdded: result.dealsAdded,
    logId: result.logId,
    source: result.source,
    itemsFound: result.itemsFound,
    skipped: result.skipped,
  };
}
