import type { Config } from '../../../config.js';
import { parsePepperFeed, type ScrapedItem } from './pepper-rss.js';

/** A scraper the admin can run: where it reads from and how it reads it. */
export interface ScraperSource {
  id: number;
  /** Stable key, stored in deals.source, scraper_logs.source and scraped_items.source. */
  source: string;
  name: string;
  description: string;
  feedUrl: string;
  parse(body: string): ScrapedItem[];
}

function siteName(feedUrl: string): string {
  const host = new URL(feedUrl).hostname.replace(/^www\./, '');
  return host === 'hotukdeals.com' ? 'HotUKDeals' : host;
}

/** The scrapers on offer (SPEC §2 Admin scrapers: one, the deals-website source). */
export function scraperSources(config: Pick<Config, 'scraper'>): ScraperSource[] {
  return [
    {
      id: 1,
      source: 'hotukdeals',
      name: siteName(config.scraper.sourceUrl),
      description: 'Scrapes deals from a deals website',
      feedUrl: config.scraper.sourceUrl,
      parse: parsePepperFeed,
    },
  ];
}

/** A scraper by its source key, its name or its id (as text or number); undefined when there is none. */
export function findSource(config: Pick<Config, 'scraper'>, key: string | number): ScraperSource | undefined {
  const k = String(key).trim().toLowerCase();
  return scraperSources(config).find((s) => String(s.id) === k || s.source === k || s.name.toLowerCase() === k);
}
