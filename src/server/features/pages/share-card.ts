import { isExpired } from '../../../shared/domain/deals/deal-status.js';
import { formatGBP, percentOff, toPounds } from '../../../shared/domain/money.js';
import { escapeHtml, snippet } from '../../http/markup.js';
import type { DealRowWithRefs } from '../deals/index.js';
import { dealPageUrl, localImageUrl, priceText } from '../feeds/index.js';
import { isPublicStatus } from '../../../shared/domain/deals/deal-visibility.js';

/** What a share card says: the page title, and the tags that go with it in <head>. */
export interface Card {
  /** <title> text (plain; escaped when written). */
  title: string;
  description: string;
  tags: Array<[kind: 'name' | 'property', key: string, value: string]>;
  canonical?: string;
}

export interface SiteCard {
  title: string;
  description: string;
  publicUrl: string;
  /** Absolute URL of a site image (index.html's folder holds og-image.png), when there is one. */
  image?: string;
}

/** Active and expired deals are public pages (SPEC §6); pending, rejected and deleted ones never get a card. */
export const hasCard = (deal: Pick<DealRowWithRefs, 'status'> | undefined): deal is DealRowWithRefs => !!deal && isPublicStatus(deal.status);

/** The card of any page that is not a public deal: the site's own title and description. */
export function siteCard(site: SiteCard): Card {
  const tags: Card['tags'] = [
    ['property', 'og:site_name', 'QuidsIn'],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', site.title],
    ['property', 'og:description', site.description],
    ['property', 'og:url', `${site.publicUrl}/`],
    ['property', 'og:locale', 'en_GB'],
  ];
  if (site.image) tags.push(['property', 'og:image', site.image]);
  tags.push(['name', 'twitter:card', site.image ? 'summary_large_image' : 'summary']);
  return { title: site.title, description: site.description, tags };
}

/** "£59.99 (was £99.99, 40% off) at Argos. Great little air fryer…", with "Expired deal: " in front when it is. */
export function dealCardDescription(deal: DealRowWithRefs, now = Date.now()): string {
  const price = toPounds(deal.price_pence);
  const original = toPounds(deal.original_price_pence);
  const p = priceText(price);
  const off = percentOff(price, original);
  let head = p ? `${p}${off > 0 && original !== null ? ` (was ${formatGBP(original)}, ${off}% off)` : ''} at ${deal.store_name}` : `At ${deal.store_name}`;
  if (isExpired(deal.status, deal.expires_at, now)) head = `Expired deal: ${head}`;
  const words = snippet(deal.description, 200 - head.length);
  return words ? `${head}. ${words}` : `${head}.`;
}

/** The card of a public deal: Open Graph (product), Twitter and the price in GBP. */
export function dealCard(deal: DealRowWithRefs, site: SiteCard): Card {
  const url = dealPageUrl(site.publicUrl, deal.id);
  const description = dealCardDescription(deal);
  const image = localImageUrl(site.publicUrl, deal.image_url) ?? site.image;
  const tags: Card['tags'] = [
    ['property', 'og:site_name', 'QuidsIn'],
    ['property', 'og:type', 'product'],
    ['property', 'og:title', deal.title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:locale', 'en_GB'],
  ];
  if (image) tags.push(['property', 'og:image', image], ['property', 'og:image:alt', deal.title]);
  tags.push(['name', 'twitter:card', image ? 'summary_large_image' : 'summary']);
  const price = toPounds(deal.price_pence);
  if (price !== null) tags.push(['property', 'product:price:amount', price.toFixed(2)], ['property', 'product:price:currency', 'GBP']);
  return { title: `${deal.title} — QuidsIn`, description, tags, canonical: url };
}

/** The card as HTML for <head>: every value escaped, nothing executable. */
export function cardHtml(card: Card): string {
  const lines = [`<title>${escapeHtml(card.title)}</title>`, `<meta name="description" content="${escapeHtml(card.description)}" />`];
  if (card.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(card.canonical)}" />`);
  for (const [kind, key, value] of card.tags) lines.push(`<meta ${kind}="${key}" content="${escapeHtml(value)}" />`);
  return lines.join('\n    ');
}
