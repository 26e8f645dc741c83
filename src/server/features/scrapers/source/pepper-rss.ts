import { XMLParser } from 'fast-xml-parser';
import { isHttpUrl } from '../../../../shared/schemas/common.js';

/**
 * The RSS feed of the Pepper family of deals websites (HotUKDeals, mydealz, dealabs, ...): a plain RSS 2.0 channel
 * whose items carry pepper:merchant (HotUKDeals: `<pepper:merchant name="Argos" price="£1,099"/>`), sometimes
 * pepper:price, media:content images and an HTML description. Titles on the hot feed start with the deal's
 * temperature (`245° - `), which is split off.
 */

export interface ScrapedItem {
  /** The source's own id for the item (guid, else link). */
  itemId: string;
  title: string;
  url: string;
  merchant: string | null;
  merchantUrl: string | null;
  pricePence: number | null;
  originalPricePence: number | null;
  coupon: string | null;
  imageUrl: string | null;
  publishedAt: string | null;
  /** Plain text of the item's description. */
  description: string;
  /** The feed's own category labels, when it gives any. */
  categories: string[];
  /**
   * The temperature the feed showed in front of the title (`245° - ...` on the hot feed), null when there was none.
   * Informational: what is done with it is the importer's choice. Optional so other sources need not set it.
   */
  feedTemperature?: number | null;
}

export class FeedError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  cdataPropName: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'category', 'media:content', 'enclosure', 'media:thumbnail'].includes(name),
});

/** An element as the parser gives it: children by name, attributes as `@_name`, text as `#text`. */
type XmlNode = Record<string, unknown>;

const asArray = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** Text of a node that may be a string, a number or an object with #text. */
function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim();
  if (typeof node === 'object' && '#text' in (node as object)) return String((node as Record<string, unknown>)['#text'] ?? '').trim();
  return '';
}
const attr = (node: unknown, name: string): string =>
  node && typeof node === 'object' ? String((node as Record<string, unknown>)[`@_${name}`] ?? '').trim() : '';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  pound: '£',
  euro: '€',
  deg: '°',
  ndash: '–',
  mdash: '—',
};

/** HTML to plain text: block ends become line breaks, tags go, entities decode, whitespace collapses. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1].toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A price in pence from "£1,299.99", "£5", "99p", "FREE", "12.50" (pounds). Null when there is no price.
 * Prices in other currencies are not guessed at.
 */
export function parsePricePence(raw: string | null | undefined): number | null {
  const s = (raw ?? '').trim();
  if (!s) return null;
  if (/^free\b/i.test(s)) return 0;
  const pounds = /£\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/.exec(s);
  if (pounds) return Number(pounds[1].replace(/,/g, '')) * 100 + Number((pounds[2] ?? '0').padEnd(2, '0'));
  const pence = /^(\d{1,4})\s?p$/i.exec(s);
  if (pence) return Number(pence[1]);
  const plain = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s.replace(/,/g, ''));
  if (plain) return Number(plain[1]) * 100 + Number((plain[2] ?? '0').padEnd(2, '0'));
  return null;
}

/** The deal price written in a title: "£499 @ Amazon", "Now £12.99 (was £20)". */
export function priceFromTitle(title: string): number | null {
  const withoutWas = title.replace(/\b(?:was|rrp)\s*£\s?[\d,.]+/gi, ' ');
  const m = /£\s?\d[\d,]*(?:\.\d{1,2})?/.exec(withoutWas);
  return m ? parsePricePence(m[0]) : null;
}

/**
 * Splits the hot feed's temperature prefix off a title: "245° - Title", "-12° - Title", "1.2k° - Title",
 * "1,024° – Title". The dash after the degree sign is required, so a title such as "90° Angle Drill Adapter" is
 * left alone.
 */
export function splitTemperaturePrefix(title: string): { title: string; temperature: number | null } {
  const m = /^\s*([-−]?)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k?)\s?°\s*[-–—|:]\s*/i.exec(title);
  if (!m) return { title, temperature: null };
  const rest = title.slice(m[0].length).trim();
  if (!rest) return { title, temperature: null };
  const value = Number(m[2].replace(/,/g, '')) * (m[3] ? 1000 : 1);
  const temperature = Math.round(m[1] ? -value : value);
  return { title: rest, temperature: Object.is(temperature, -0) ? 0 : temperature };
}

/** HotUKDeals starts a description with "<strong>£1,150 - Currys</strong>": the price and the merchant. */
function descriptionHeader(html: string): { price: number | null; merchant: string | null } {
  const m = /^\s*<(strong|b)>\s*([^<]*?)\s+[-–]\s+([^<]*?)\s*<\/\1>/i.exec(html);
  if (!m) return { price: null, merchant: null };
  const price = parsePricePence(htmlToText(m[2]));
  if (price === null) return { price: null, merchant: null };
  return { price, merchant: htmlToText(m[3]).replace(/\s+/g, ' ') || null };
}

/** The merchant a title names at its end: "... £499 @ Amazon", "... £5 @ Very (app)". */
function merchantFromTitle(title: string): string | null {
  const m = /\s@\s?([A-Za-z0-9][\w&'.!+ -]{0,48}?)\s*(?:\([^)]*\))?$/.exec(title);
  return m ? m[1].trim() : null;
}

function originalFromTitle(title: string): number | null {
  const m = /\b(?:was|rrp)\s*(£\s?[\d,]+(?:\.\d{1,2})?)/i.exec(title);
  return m ? parsePricePence(m[1]) : null;
}

function imageOf(item: Record<string, unknown>): string | null {
  const candidates: string[] = [];
  for (const m of asArray(item['media:content'])) {
    const medium = attr(m, 'medium');
    const type = attr(m, 'type');
    if (!medium || medium === 'image' || type.startsWith('image/')) candidates.push(attr(m, 'url'));
  }
  for (const t of asArray(item['media:thumbnail'])) candidates.push(attr(t, 'url'));
  for (const e of asArray(item.enclosure)) if (!attr(e, 'type') || attr(e, 'type').startsWith('image/')) candidates.push(attr(e, 'url'));
  const img = /<img[^>]+src=["']([^"']+)["']/i.exec(text(item.description));
  if (img) candidates.push(img[1].replace(/&amp;/g, '&'));
  return candidates.find((u) => u && isHttpUrl(u)) ?? null;
}

function toIso(raw: string): string | null {
  const t = Date.parse(raw);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** Parses a Pepper-family RSS document. Items without a title or an http(s) link are left out. */
export function parsePepperFeed(xml: string): ScrapedItem[] {
  // RSS never needs a DTD; refusing one rules out entity-expansion bombs whatever the parser's own limits are.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new FeedError('The feed declares a DTD, which is not accepted');
  // The parser's result is shaped by the document, not by a type: read as nodes and checked where it matters.
  let doc: XmlNode | undefined;
  try {
    doc = parser.parse(xml) as XmlNode | undefined;
  } catch (err) {
    throw new FeedError(`The feed is not valid XML: ${(err as Error).message.split('\n')[0]}`);
  }
  const channel = (doc?.rss as XmlNode | undefined)?.channel as XmlNode | undefined;
  if (!channel || typeof channel !== 'object') throw new FeedError('The feed is not an RSS document (no rss/channel element)');

  const items: ScrapedItem[] = [];
  for (const raw of asArray(channel.item as XmlNode | XmlNode[] | undefined)) {
    const { title, temperature } = splitTemperaturePrefix(htmlToText(text(raw.title)).replace(/\s+/g, ' '));
    const link = text(raw.link);
    if (!title || !isHttpUrl(link)) continue;
    const descriptionHtml = text(raw.description);
    const header = descriptionHeader(descriptionHtml);
    const merchantNode = asArray(raw['pepper:merchant'])[0];
    const merchant = (attr(merchantNode, 'name') || text(merchantNode)).replace(/\s+/g, ' ') || header.merchant || merchantFromTitle(title);
    const merchantUrl = attr(merchantNode, 'url');
    // The feed's own price (element, then HotUKDeals' merchant attribute, then the description's header) before
    // the first £ price of the title.
    const pricePence = parsePricePence(text(raw['pepper:price'])) ?? parsePricePence(attr(merchantNode, 'price')) ?? header.price ?? priceFromTitle(title);
    const original = text(raw['pepper:next_best_price']) || text(raw['pepper:original_price']);
    const coupon = (text(raw['pepper:voucher_code']) || text(raw['pepper:code'])).slice(0, 50) || null;
    items.push({
      itemId: text(raw.guid) || link,
      title,
      url: link,
      merchant: merchant || null,
      merchantUrl: isHttpUrl(merchantUrl) ? merchantUrl : null,
      pricePence,
      originalPricePence: original ? parsePricePence(original) : originalFromTitle(title),
      coupon,
      imageUrl: imageOf(raw),
      publishedAt: toIso(text(raw.pubDate)),
      description: htmlToText(descriptionHtml),
      categories: asArray(raw.category)
        .map((c) => htmlToText(text(c)))
        .filter(Boolean),
      feedTemperature: temperature,
    });
  }
  return items;
}
