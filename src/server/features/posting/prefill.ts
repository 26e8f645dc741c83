import { shopHost, shopNameGuess } from '../../../shared/domain/shops/shop-domain.js';
import { PREFILL_FAILED, PREFILL_HTTPS_ONLY, type Prefill, type PrefillField } from '../../../shared/schemas/deals/posting.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { clampText, extractPageInfo, type PageInfo } from '../../services/ai/page-info.js';
import { bodyText, IMAGE_MAX_BYTES, PAGE_MAX_BYTES, type Resolver, safeFetch } from '../../services/safe-fetch/safe-fetch.js';
import { uploadDealImage } from '../deals/index.js';
import { shopForUrl } from '../stores/index.js';

/**
 * Paste a link, get a filled form (docs/notes/posting.md): the product page is fetched on the member's behalf through
 * the SSRF guard within one time budget, read by the AI helpers' page reader (JSON-LD, Open Graph and Twitter card,
 * microdata, then visible text), and its picture is fetched, re-encoded and kept as the member's own upload. Nothing
 * is posted: the member sees what was filled and edits it. Any failure to read the page is one 422 with a short note,
 * never a 5xx.
 */

/** The whole budget: page and picture together. */
export const PREFILL_BUDGET_MS = 5_000;
/** A picture is not attempted with less than this left. */
const IMAGE_MIN_MS = 400;
const TITLE_MAX = 100;
const DESCRIPTION_LINE_MAX = 300;

export interface PrefillDeps {
  db: AppDeps['db'];
  events: AppDeps['events'];
  config: Pick<AppDeps['config'], 'safeFetchAllow' | 'uploadsDir'>;
  resolver?: Resolver;
  /** Tests shorten the budget. */
  budgetMs?: number;
}

/** "£1,099.99" -> 1099.99; null for other currencies or no number. */
export function poundsFrom(text: string | null): number | null {
  if (!text) return null;
  const t = text.trim();
  if (!/^£/.test(t) && /[A-Z]{3}$/.test(t)) return null;
  const m = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(t);
  if (!m) return null;
  const value = Number(`${m[1].replace(/,/g, '')}.${(m[2] ?? '0').padEnd(2, '0')}`);
  return Number.isFinite(value) && value >= 0 && value < 1_000_000 ? Math.round(value * 100) / 100 : null;
}

/** A page title without the shop's name after a bar ("Kettle | Shop"), cut at a word to the title limit. */
function dealTitle(info: PageInfo): string | null {
  const raw = info.title?.trim();
  if (!raw) return null;
  const cut = raw.split(/\s+\|\s+/)[0].trim() || raw;
  if (cut.length <= TITLE_MAX) return cut;
  const slice = cut.slice(0, TITLE_MAX);
  const space = slice.lastIndexOf(' ');
  return (space > 40 ? slice.slice(0, space) : slice).trim();
}

/** The description's first line (or sentence, when the line is long). */
function firstLine(info: PageInfo): string | null {
  const line = info.description?.split(/\n/)[0]?.trim();
  return line ? clampText(line, DESCRIPTION_LINE_MAX) : null;
}

/** The first price the page's visible text states that is not a "was" or "RRP" price. */
function priceInText(text: string): number | null {
  for (const m of text.matchAll(/(was|rrp|save|previously)?\s*:?\s*£\s?(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)/gi)) {
    if (!m[1]) return poundsFrom(`£${m[2]}`);
  }
  return null;
}

const failed = () => new HttpError(422, PREFILL_FAILED);

/** Only https pages are read, except hosts the operator lets through on purpose (SAFE_FETCH_ALLOW). */
function assertReadable(url: URL, allow: readonly string[]): void {
  if (url.protocol === 'https:') return;
  const hostPort = `${url.hostname}:${url.port || '80'}`.toLowerCase();
  if (!allow.some((a) => a.trim().toLowerCase() === hostPort)) throw new HttpError(422, `${PREFILL_HTTPS_ONLY}: fill in the details yourself`);
}

async function fetchPicture(deps: PrefillDeps, actor: UserRow, src: string, timeoutMs: number) {
  try {
    const res = await safeFetch(src, {
      maxBytes: IMAGE_MAX_BYTES,
      allow: deps.config.safeFetchAllow,
      resolver: deps.resolver,
      timeoutMs,
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
    });
    if (/^(text|application\/(json|xml|xhtml))/.test(res.contentType)) return null;
    return await uploadDealImage(deps, actor, res.body);
  } catch {
    // A picture that cannot be had leaves the image field for the member.
    return null;
  }
}

export async function prefillFromUrl(deps: PrefillDeps, actor: UserRow, rawUrl: string): Promise<Prefill> {
  const started = Date.now();
  const budget = deps.budgetMs ?? PREFILL_BUDGET_MS;
  const url = new URL(rawUrl);
  assertReadable(url, deps.config.safeFetchAllow);

  let info: PageInfo;
  let finalUrl: string;
  try {
    const res = await safeFetch(url, {
      maxBytes: PAGE_MAX_BYTES,
      allow: deps.config.safeFetchAllow,
      resolver: deps.resolver,
      timeoutMs: budget,
      connectTimeoutMs: Math.min(budget, 5_000),
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    });
    if (res.contentType && !/html|xml/.test(res.contentType)) throw failed();
    finalUrl = res.url;
    info = extractPageInfo(bodyText(res), res.url);
  } catch {
    // Refused, too slow, too big, blocked by the guard or not a page: the form stays as the member left it.
    throw failed();
  }

  const title = dealTitle(info);
  const price = poundsFrom(info.price) ?? priceInText(info.text);
  const was = poundsFrom(info.originalPrice);
  const originalPrice = was !== null && price !== null && was > price ? was : null;
  const description = firstLine(info);
  const host = shopHost(rawUrl) ?? shopHost(finalUrl);
  const store = await shopForUrl(deps.db, rawUrl);

  const left = budget - (Date.now() - started);
  const picture = info.image && left >= IMAGE_MIN_MS ? await fetchPicture(deps, actor, info.image, left) : null;

  const filled: PrefillField[] = [];
  if (title) filled.push('title');
  if (price !== null) filled.push('price');
  if (originalPrice !== null) filled.push('originalPrice');
  if (description) filled.push('description');
  if (picture) filled.push('image');
  if (store) filled.push('store');
  // A page that gave nothing about its product (a shop's own name is not enough) is a page we could not read.
  if (!filled.some((f) => f !== 'store') || (!title && price === null && !picture)) throw failed();

  return {
    title,
    price,
    originalPrice,
    description,
    imageUrl: picture?.imageUrl ?? null,
    thumbnailUrl: picture?.thumbnailUrl ?? null,
    store,
    shopHost: host,
    // A host that is an address names no shop; a site name or a host's main label does.
    shopName: store ? store.name : (info.siteName?.slice(0, 50) ?? (host && !/^[\d.]+$/.test(host) ? shopNameGuess(host) : null)),
    filled,
  };
}
