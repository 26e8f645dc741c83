import { Feed } from 'feed';
import type { Deal } from '../../../shared/schemas/deals/deals.js';
import { formatGBP, percentOff } from '../../../shared/domain/money.js';
import { isUploadsPath } from '../../../shared/schemas/common.js';
import { escapeHtml, snippet } from '../../http/markup.js';

export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** Characters XML 1.0 forbids even as references: C0 controls but tab/LF/CR, U+FFFE/U+FFFF and unpaired surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters XML forbids is this pattern's purpose
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without the characters XML cannot carry. */
const xmlChars = (value: string): string => value.replace(NOT_XML, '');

/**
 * Text bound for the feed library's CDATA sections (item descriptions). Drops what XML cannot carry, and breaks up
 * `]]>`: the library's XML writer (xml-js) splits only the FIRST `]]>` of a section, so a second one would end the
 * section and let the rest be read as markup.
 */
const feedText = (value: string): string => xmlChars(value).replaceAll(']]>', ']] >');

/**
 * A title for a feed (item, channel, category): plain text whose angle brackets are written as HTML references.
 * RSS leaves open whether a title is text or HTML and readers differ; this way a title reads the same both ways in
 * the usual case ("M&S", quotes) and a title with markup in it stays inert in a reader that renders HTML.
 */
const feedTitle = (value: string): string => xmlChars(value).replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface FeedChannel {
  title: string;
  description: string;
  /** Absolute URL of this feed (atom:link rel=self). */
  selfUrl: string;
  /** Absolute URL of the page the feed mirrors. */
  pageUrl: string;
}

/** "£9.99", "FREE", or nothing for a deal without a price (some scraped ones). */
export function priceText(price: number | null): string | null {
  if (price === null) return null;
  return price === 0 ? 'FREE' : formatGBP(price);
}

/** "Title – £9.99" / "Title – FREE": the item title a feed reader lists. */
export const titleWithPrice = (title: string, price: number | null) => {
  const p = priceText(price);
  return p ? `${title} – ${p}` : title;
};

export const dealPageUrl = (publicUrl: string, id: number) => `${publicUrl}/dealDetail/${id}`;

/** Only images stored on this site are shown to the public (SPEC §2 card display): their absolute URL. */
export function localImageUrl(publicUrl: string, image: string | null): string | null {
  return image && isUploadsPath(image) ? new URL(image, `${publicUrl}/`).href : null;
}

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};
const imageType = (url: string) => IMAGE_TYPES[url.split('?')[0].split('.').pop()?.toLowerCase() ?? ''] ?? 'image/webp';

/** The item body: escaped HTML with the image, price, store, the start of the description, the code and the link. */
function itemHtml(deal: Deal, link: string, image: string | null): string {
  const parts: string[] = [];
  if (image) parts.push(`<p><a href="${escapeHtml(link)}"><img src="${escapeHtml(image)}" alt="${escapeHtml(deal.title)}" /></a></p>`);
  const price = priceText(deal.price);
  const off = percentOff(deal.price, deal.originalPrice);
  let line = price ? `<strong>${escapeHtml(price)}</strong>` : '';
  if (price && off > 0 && deal.originalPrice !== null) line += ` <del>${escapeHtml(formatGBP(deal.originalPrice))}</del> (${off}% off)`;
  line += `${line ? ' at ' : 'At '}${escapeHtml(deal.storeName)}`;
  parts.push(`<p>${line}</p>`);
  const text = snippet(deal.description, 600);
  if (text) parts.push(`<p>${escapeHtml(text)}</p>`);
  if (deal.coupon) parts.push(`<p>Code: <code>${escapeHtml(deal.coupon)}</code></p>`);
  if (deal.isExpired) parts.push('<p><em>This deal has expired.</em></p>');
  parts.push(`<p><a href="${escapeHtml(link)}">See the deal on QuidsIn</a></p>`);
  return feedText(parts.join(''));
}

/**
 * RSS 2.0 of a list of deals, written by the `feed` library (docs/notes/feeds.md). The build date is the newest
 * item's date, never "now", so the same deals give the same bytes and the same ETag. `imageBytes` gives the
 * enclosure lengths RSS asks for (by the deal's imageUrl); an unknown one is written as 0.
 */
export function dealsRss(channel: FeedChannel, deals: Deal[], publicUrl: string, imageBytes: ReadonlyMap<string, number> = new Map()): string {
  const dates = deals.map((d) => new Date(d.publishedAt ?? d.createdAt));
  const updated = new Date(dates.reduce((newest, d) => Math.max(newest, d.getTime()), 0));
  const feed = new Feed({
    title: feedTitle(channel.title),
    description: feedTitle(channel.description),
    link: channel.pageUrl,
    feed: channel.selfUrl,
    language: 'en-GB',
    ttl: 5,
    updated,
    generator: 'QuidsIn',
    copyright: 'QuidsIn and its members',
  });
  deals.forEach((deal, i) => {
    const link = dealPageUrl(publicUrl, deal.id);
    const image = localImageUrl(publicUrl, deal.imageUrl);
    feed.addItem({
      title: feedTitle(titleWithPrice(deal.title, deal.price)),
      // No guid given: the library then writes the link as the guid with isPermaLink="true" (the page never moves).
      link,
      date: dates[i],
      description: itemHtml(deal, link, image),
      category: [{ name: feedTitle(deal.categoryName), domain: `${publicUrl}/dealsBrowse?category=${deal.categoryId}` }],
      ...(image ? { enclosure: { url: image, type: imageType(image), length: imageBytes.get(deal.imageUrl as string) ?? 0 } } : {}),
    });
  });
  return feed.rss2();
}
