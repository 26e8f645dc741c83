import type * as cheerio from 'cheerio';
import { lazyRequire } from '../../infra/lazy-require.js';

/** Loaded by the first page parsed (lazy-require.ts). */
const cheerioModule = lazyRequire<typeof cheerio>('cheerio');

/** What a product page tells about its product, from its structured data first and its visible text last. */
export interface PageInfo {
  title: string | null;
  price: string | null;
  /** The page's own product description and where it came from, or null when it offers none. */
  description: string | null;
  descriptionSource: 'json-ld' | 'open-graph' | 'meta' | null;
  /** Readable text of the page (scripts, navigation and chrome removed), capped. */
  text: string;
}

const TEXT_CAP = 6000;
export const DESCRIPTION_CAP = 2000;

const clean = (s: unknown): string =>
  (typeof s === 'string' ? s : '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Cuts long text at a sentence (or word) boundary. */
export function clampText(text: string, max = DESCRIPTION_CAP): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  if (sentence > max * 0.5) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > 0 ? space : max).trim()}…`;
}

function typesOf(node: Record<string, unknown>): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
}

/** Every object in the page's JSON-LD blocks, with @graph arrays flattened. */
function jsonLdNodes($: cheerio.CheerioAPI): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      out.push(o);
      if (o['@graph']) visit(o['@graph']);
    }
  };
  $('script[type="application/ld+json"]').each((_i, el) => {
    try {
      visit(JSON.parse($(el).text()));
    } catch {
      // A broken block on a shop page is common; the other sources still apply.
    }
  });
  return out;
}

function offerPrice(product: Record<string, unknown>): string | null {
  const offers = product.offers;
  const list = Array.isArray(offers) ? offers : offers ? [offers] : [];
  for (const o of list as Record<string, unknown>[]) {
    const price = o.price ?? o.lowPrice;
    if (price !== undefined && price !== null && String(price).trim()) {
      const currency = typeof o.priceCurrency === 'string' ? o.priceCurrency : '';
      return currency === 'GBP' || !currency ? `£${String(price).trim()}` : `${String(price).trim()} ${currency}`;
    }
  }
  return null;
}

function readableText($: cheerio.CheerioAPI): string {
  const root = $('main').first().length ? $('main').first() : $('article').first().length ? $('article').first() : $('body');
  const copy = root.clone();
  copy.find('script, style, noscript, template, svg, nav, header, footer, form, iframe, [aria-hidden="true"], [hidden]').remove();
  const blocks: string[] = [];
  copy.find('h1, h2, h3, h4, p, li, td, th, dd, dt, figcaption, blockquote').each((_i, el) => {
    const t = clean($(el).text());
    if (t) blocks.push(t);
  });
  const text = (blocks.length ? blocks.join('\n') : clean(copy.text())).replace(/\n{2,}/g, '\n');
  return text.length > TEXT_CAP ? `${text.slice(0, TEXT_CAP)}…` : text;
}

/** Parses a product page. JSON-LD Product wins over Open Graph, which wins over the meta description. */
export function extractPageInfo(html: string): PageInfo {
  const $ = cheerioModule().load(html);
  const meta = (sel: string) => clean($(sel).first().attr('content')) || null;
  const product = jsonLdNodes($).find((n) => typesOf(n).some((t) => t === 'product' || t === 'productgroup'));

  const title = clean(product?.name) || meta('meta[property="og:title"]') || clean($('title').first().text()) || clean($('h1').first().text()) || null;
  const price =
    (product && offerPrice(product)) ||
    (meta('meta[property="product:price:amount"]') ?? meta('meta[property="og:price:amount"]') ?? meta('meta[itemprop="price"]'))?.replace(/^(?!£)/, '£') ||
    null;

  let description: string | null = null;
  let descriptionSource: PageInfo['descriptionSource'] = null;
  const fromLd = clean(product?.description);
  const fromOg = meta('meta[property="og:description"]');
  const fromMeta = meta('meta[name="description"]') ?? meta('meta[name="Description"]');
  if (fromLd) [description, descriptionSource] = [fromLd, 'json-ld'];
  else if (fromOg) [description, descriptionSource] = [fromOg, 'open-graph'];
  else if (fromMeta) [description, descriptionSource] = [fromMeta, 'meta'];

  return { title, price, description: description ? clampText(description) : null, descriptionSource, text: readableText($) };
}
