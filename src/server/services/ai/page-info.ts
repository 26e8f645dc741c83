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
  descriptionSource: 'json-ld' | 'open-graph' | 'meta' | 'microdata' | null;
  /** The price before the offer when the page states one (a list or strikethrough price, or a "Was £x" / "RRP £x"). */
  originalPrice: string | null;
  /** The product's main picture as an absolute URL (resolved against `baseUrl` when given), or null. */
  image: string | null;
  /** The site's own name (og:site_name), when it gives one. */
  siteName: string | null;
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

const offersOf = (product: Record<string, unknown>): Record<string, unknown>[] => {
  const offers = product.offers;
  return (Array.isArray(offers) ? offers : offers && typeof offers === 'object' ? [offers] : []) as Record<string, unknown>[];
};

const withCurrency = (price: unknown, currency: unknown): string => {
  const c = typeof currency === 'string' ? currency : '';
  return c === 'GBP' || !c ? `£${String(price).trim()}` : `${String(price).trim()} ${c}`;
};

/** A list or strikethrough price in an offer's priceSpecification (how shops mark "was" prices in schema.org). */
function offerListPrice(product: Record<string, unknown>): string | null {
  for (const o of offersOf(product)) {
    const specs = Array.isArray(o.priceSpecification) ? o.priceSpecification : o.priceSpecification ? [o.priceSpecification] : [];
    for (const spec of specs as Record<string, unknown>[]) {
      const type = String(spec.priceType ?? '').toLowerCase();
      if (/listprice|strikethroughprice|srp|msrp/.test(type) && spec.price !== undefined && String(spec.price).trim()) {
        return withCurrency(spec.price, spec.priceCurrency ?? o.priceCurrency);
      }
    }
  }
  return null;
}

/** The first picture named by a JSON-LD image value (a URL, an ImageObject, or a list of either). */
function ldImage(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = ldImage(v);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return ldImage(o.url ?? o.contentUrl);
  }
  return null;
}

const absolute = (src: string | null, baseUrl?: string): string | null => {
  if (!src) return null;
  try {
    const url = new URL(src, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** "Was £129.99" or "RRP £129.99" in the page's own words. */
const WAS_PRICE = /\b(?:was|rrp|previously|original(?:ly)?(?: price)?)\s*:?\s*£\s?(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)/i;

function offerPrice(product: Record<string, unknown>): string | null {
  for (const o of offersOf(product)) {
    const price = o.price ?? o.lowPrice;
    if (price !== undefined && price !== null && String(price).trim()) return withCurrency(price, o.priceCurrency);
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

/** Microdata (schema.org itemprop attributes) of the page's first Product item, or of the page when none is typed. */
function microdata($: cheerio.CheerioAPI) {
  const scope = $('[itemtype*="schema.org/Product" i]').first();
  const prop = (name: string) => {
    const sel = `[itemprop="${name}"]`;
    const el = (scope.length ? scope.find(sel) : $(sel)).first();
    if (!el.length) return null;
    return clean(el.attr('content') ?? el.attr('src') ?? el.attr('href') ?? el.text()) || null;
  };
  return {
    name: scope.length ? prop('name') : null,
    price: prop('price'),
    currency: prop('priceCurrency'),
    image: prop('image'),
    description: prop('description'),
  };
}

/**
 * Parses a product page: JSON-LD Product first, then Open Graph and Twitter card tags, then microdata, then the
 * page's title and visible text. `baseUrl` (the page's own address) makes relative image paths absolute.
 */
export function extractPageInfo(html: string, baseUrl?: string): PageInfo {
  const $ = cheerioModule().load(html);
  const meta = (sel: string) => clean($(sel).first().attr('content')) || null;
  const product = jsonLdNodes($).find((n) => typesOf(n).some((t) => t === 'product' || t === 'productgroup'));
  const micro = microdata($);

  const title =
    clean(product?.name) ||
    meta('meta[property="og:title"]') ||
    meta('meta[name="twitter:title"]') ||
    micro.name ||
    clean($('title').first().text()) ||
    clean($('h1').first().text()) ||
    null;
  const microPrice = micro.price ? withCurrency(micro.price.replace(/^£\s*/, ''), micro.currency) : null;
  const price =
    (product && offerPrice(product)) ||
    (meta('meta[property="product:price:amount"]') ?? meta('meta[property="og:price:amount"]'))?.replace(/^(?!£)/, '£') ||
    microPrice ||
    null;
  const text = readableText($);
  const wasInText = WAS_PRICE.exec(text);
  const originalPrice =
    (product && offerListPrice(product)) ||
    meta('meta[property="product:original_price:amount"]')?.replace(/^(?!£)/, '£') ||
    (wasInText ? `£${wasInText[1]}` : null);
  const image = absolute(
    ldImage(product?.image) ||
      meta('meta[property="og:image:secure_url"]') ||
      meta('meta[property="og:image"]') ||
      meta('meta[name="twitter:image"]') ||
      meta('meta[name="twitter:image:src"]') ||
      micro.image,
    baseUrl,
  );

  let description: string | null = null;
  let descriptionSource: PageInfo['descriptionSource'] = null;
  const fromLd = clean(product?.description);
  const fromOg = meta('meta[property="og:description"]');
  const fromMeta = meta('meta[name="description"]') ?? meta('meta[name="Description"]');
  const fromTwitter = meta('meta[name="twitter:description"]');
  if (fromLd) [description, descriptionSource] = [fromLd, 'json-ld'];
  else if (fromOg || fromTwitter) [description, descriptionSource] = [fromOg ?? fromTwitter, 'open-graph'];
  else if (micro.description) [description, descriptionSource] = [micro.description, 'microdata'];
  else if (fromMeta) [description, descriptionSource] = [fromMeta, 'meta'];

  const siteName = meta('meta[property="og:site_name"]');
  return { title, price, originalPrice, image, siteName, description: description ? clampText(description) : null, descriptionSource, text };
}
