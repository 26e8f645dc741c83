/**
 * Product identity (docs/notes/products.md): one key per product page, so the same product pasted by a member, found by the
 * scraper or typed into the deal form is recognised whatever tracking, affiliate tags, slugs or spellings its URL
 * carries. Pure: only the WHATWG URL API, which the browser and Node both have.
 *
 * The key is a URL without its scheme: `amazon.co.uk/dp/B0CHX1W1XY`, `currys.co.uk/products/x-10251389.html?sku=2`.
 * http and https of one page are one product, so the scheme is not part of the key. Keys are for comparing and
 * storing, not for linking (a key has dropped "www.", which not every site answers without).
 *
 * Not resolved: short links (amzn.to, amzn.eu, a.co, ebay.us, bit.ly, ...) need a network round trip to find their
 * target, so they stay keys of their own (lower-case host, path as written, since short codes are case-sensitive).
 */

/** Query parameters that only track a visit or credit a referrer, on any site. Compared lower-case. */
const TRACKING_PARAMS = new Set([
  // analytics and ad-click ids
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'igsh',
  'srsltid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  's_kwcid',
  'ef_id',
  'epik',
  'rdt_cid',
  'cm_mmc',
  'cm_sp',
  'intcmp',
  'smcid',
  'emcid',
  '_branch_match_id',
  '_branch_referrer',
  // referrers
  'ref',
  'ref_',
  'ref_src',
  'ref_url',
  // affiliate networks: Amazon Associates tag, Awin, Rakuten, CJ, Impact, Tradedoubler
  'tag',
  'awinmid',
  'awinaffid',
  'clickref',
  'awc',
  'sv1',
  'sv_campaign_id',
  'ranmid',
  'raneaid',
  'ransiteid',
  'cjevent',
  'cjdata',
  'irclickid',
  'irgwc',
  'tduid',
]);
const TRACKING_PREFIXES = ['utm_'];

/** eBay Partner Network parameters (what affiliateUrl adds, plus customid): dropped on eBay hosts. */
const EBAY_PARAMS = new Set(['campid', 'mkcid', 'mkrid', 'siteid', 'toolid', 'customid', 'mkevt', '_trkparms', '_trksid', 'hash', 'amdata']);
/** Amazon's own search, recommendation and Associates parameters: dropped on Amazon hosts. */
const AMAZON_PARAMS = new Set([
  'linkcode',
  'linkid',
  'ascsubtag',
  'camp',
  'creative',
  'creativeasin',
  'psc',
  'th',
  'smid',
  'qid',
  'sr',
  'sprefix',
  'crid',
  'keywords',
  'dib',
  'dib_tag',
  'content-id',
  'social_share',
  'spla',
  'sp_csd',
]);
const AMAZON_PREFIXES = ['pd_rd_', 'pf_rd_'];

const AMAZON_HOST = /^(?:(?:www|smile|m)\.)?amazon\.(?:co\.uk|com)$/;
/** Other Amazon marketplaces keep their own host: the same ASIN there is another shop's offer. */
const AMAZON_OTHER_HOST = /^(?:(?:www|smile|m)\.)?amazon\.(?:de|fr|it|es|nl|se|pl|ie|ca|com\.au|co\.jp|in|com\.mx|com\.br)$/;
const AMZN_HOST = /^(?:www\.)?amzn\.com$/;
const AMAZON_PATH = /(?:^|\/)(?:dp|dp\/product|gp\/product|gp\/aw\/d|gp\/offer-listing|exec\/obidos\/asin|o\/asin)\/([a-z0-9]{10})(?=\/|$)/i;
const EBAY_HOST = /^(?:[a-z0-9-]+\.)*ebay\.(?:com|co\.uk|ie|de|fr|it|es|nl|at|ch|be|pl|ca|com\.au)$/;
const EBAY_ITEM = /^\/itm\/(?:[^/]+\/)?(\d{9,19})(?=\/|$)/;
const ARGOS_HOST = /^(?:www\.|m\.)?argos\.co\.uk$/;
const ARGOS_ITEM = /^\/(?:product\/([a-z0-9]+)|static\/product\/partnumber\/(\d+)\.htm)(?=\/|$)/i;
const STEAM_ITEM = /^\/(app|sub|bundle)\/(\d+)(?=\/|$)/;
const APPLE_APP = /^\/(?:([a-z]{2})\/)?app\/(?:[^/]+\/)?(id\d+)(?=\/|$)/i;

/** Link wrappers whose destination sits in a query parameter (or, for Partnerize, a path segment). */
const REDIRECTORS: Array<{ host: RegExp; path?: RegExp; params: string[] }> = [
  { host: /^awin1\.com$/, params: ['ued', 'p'] },
  { host: /^(?:click\.)?linksynergy\.com$/, params: ['murl', 'rd'] },
  { host: /^go\.skimresources\.com$/, params: ['url'] },
  { host: /^redirect\.viglink\.com$/, params: ['u', 'out'] },
  { host: /^rover\.ebay\.(?:com|co\.uk)$/, params: ['mpre', 'loc'] },
  { host: /^(?:[a-z]+\.)?google\.(?:com|co\.uk)$/, path: /^\/url$/, params: ['q', 'url'] },
  { host: /^l\.facebook\.com$/, path: /^\/l\.php$/, params: ['u'] },
];
const PARTNERIZE = /^prf\.hn$/;

const startsWithAny = (s: string, prefixes: string[]) => prefixes.some((p) => s.startsWith(p));

/** Whether a query parameter only tracks or credits a visit (on the given key host) and never picks the product. */
export function isTrackingParam(name: string, host = ''): boolean {
  const n = name.toLowerCase();
  if (TRACKING_PARAMS.has(n) || startsWithAny(n, TRACKING_PREFIXES)) return true;
  if (EBAY_HOST.test(host) && EBAY_PARAMS.has(n)) return true;
  if ((AMAZON_HOST.test(host) || AMAZON_OTHER_HOST.test(host)) && (AMAZON_PARAMS.has(n) || startsWithAny(n, AMAZON_PREFIXES))) return true;
  return false;
}

function parseHttp(raw: string): URL | null {
  if (typeof raw !== 'string') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/** Lower-case host (the URL parser already lower-cases), no trailing dot, no leading "www." or "m.". */
const keyHost = (url: URL) => url.hostname.replace(/\.$/, '').replace(/^(?:www|m)\./, '');

/** Percent-escapes of unreserved characters decoded, the others upper-cased, trailing slashes dropped. */
function keyPath(pathname: string): string {
  return pathname
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => {
      const ch = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${hex.toUpperCase()}`;
    })
    .replace(/\/+$/, '');
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function keyQuery(url: URL, host: string, keep?: (name: string) => boolean): string {
  const params = [...url.searchParams.entries()]
    .filter(([k]) => (keep ? keep(k) : !isTrackingParam(k, host)))
    .sort(([ak, av], [bk, bv]) => byCodeUnits(ak, bk) || byCodeUnits(av, bv));
  return params.length ? `?${new URLSearchParams(params).toString()}` : '';
}

/** The destination of a known link wrapper (Awin, Rakuten, Skimlinks, eBay rover, Google, Facebook), else null. */
function unwrap(url: URL): URL | null {
  const host = keyHost(url);
  for (const r of REDIRECTORS) {
    if (!r.host.test(host) || (r.path && !r.path.test(url.pathname))) continue;
    for (const p of r.params) {
      const target = parseHttp(url.searchParams.get(p) ?? '');
      if (target) return target;
    }
  }
  if (PARTNERIZE.test(host)) {
    const m = /\/destination:([^/]+)/.exec(url.pathname);
    if (m) {
      try {
        return parseHttp(decodeURIComponent(m[1]));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function keyOf(url: URL): string {
  const host = keyHost(url);
  const path = keyPath(url.pathname);

  if (AMAZON_HOST.test(host) || AMZN_HOST.test(host) || AMAZON_OTHER_HOST.test(host)) {
    const asin = AMAZON_PATH.exec(path)?.[1] ?? (AMZN_HOST.test(host) ? /^\/([a-z0-9]{10})$/i.exec(path)?.[1] : undefined);
    if (asin) return `${AMAZON_OTHER_HOST.test(host) ? host : 'amazon.co.uk'}/dp/${asin.toUpperCase()}`;
  }
  if (EBAY_HOST.test(host)) {
    // eBay item numbers are global: the same listing on ebay.com and ebay.co.uk is one item.
    const id = EBAY_ITEM.exec(path)?.[1] ?? (/viewitem/i.test(url.search) ? url.searchParams.get('item')?.match(/^\d{9,19}$/)?.[0] : undefined);
    if (id) return `ebay.co.uk/itm/${id}`;
  }
  if (ARGOS_HOST.test(host)) {
    const m = ARGOS_ITEM.exec(path);
    if (m) return `argos.co.uk/product/${(m[1] ?? m[2]).toLowerCase()}`;
  }
  if (host === 'store.steampowered.com') {
    const m = STEAM_ITEM.exec(path);
    if (m) return `store.steampowered.com/${m[1]}/${m[2]}`;
  }
  if (host === 'apps.apple.com' || host === 'itunes.apple.com') {
    const m = APPLE_APP.exec(path);
    if (m) return `apps.apple.com/${m[1] ? `${m[1].toLowerCase()}/` : ''}app/${m[2].toLowerCase()}`;
  }
  if (host === 'play.google.com' && path === '/store/apps/details' && url.searchParams.get('id')) {
    return `play.google.com/store/apps/details${keyQuery(url, host, (k) => k === 'id')}`;
  }
  // An Awin link whose destination we could not read: its merchant (awinmid) is all that tells two apart.
  const keep = host === 'awin1.com' ? (k: string) => k.toLowerCase() === 'awinmid' : undefined;
  // url.host keeps a non-default port and already leaves 80/443 out.
  const port = url.port ? `:${url.port}` : '';
  return `${host}${port}${path}${keyQuery(url, host, keep)}`;
}

/**
 * The product identity key of a URL, or null when it is not an http(s) URL.
 *
 * - scheme left out (http = https); host lower-case without "www."/"m." or a default port; fragment dropped;
 *   trailing slashes dropped; tracking and affiliate parameters dropped; the rest sorted.
 * - Amazon (amazon.co.uk, amazon.com, amzn.com, any www./m./smile.) `/dp/ASIN`, `/slug/dp/ASIN/ref=..`,
 *   `/gp/product/ASIN`, `/gp/aw/d/ASIN` -> `amazon.co.uk/dp/ASIN` (upper-case); other Amazon marketplaces keep
 *   their host (`amazon.de/dp/ASIN`).
 * - eBay `/itm/ID`, `/itm/slug/ID` (any eBay site) -> `ebay.co.uk/itm/ID`; Argos `/product/ID` -> `argos.co.uk/product/ID`;
 *   Steam `/app/ID/slug` -> `store.steampowered.com/app/ID`; App Store `/gb/app/slug/idN` -> `apps.apple.com/gb/app/idN`;
 *   Google Play keeps only `?id=`.
 * - Link wrappers (Awin `cread.php?p=`/`ued=`, Rakuten, Skimlinks, eBay rover, Partnerize, Google and Facebook
 *   redirects) are keyed by their destination when the link carries it.
 */
export function productKey(url: string): string | null {
  let parsed = parseHttp(url);
  if (!parsed) return null;
  for (let hops = 0; hops < 3; hops++) {
    const inner = unwrap(parsed);
    if (!inner) break;
    parsed = inner;
  }
  return keyOf(parsed);
}

/** Whether two URLs are the same product (false when either is not an http(s) URL). */
export function sameProduct(a: string, b: string): boolean {
  const ka = productKey(a);
  return ka !== null && ka === productKey(b);
}

/**
 * The URL as given, minus its fragment and tracking/affiliate parameters (for tidying a pasted link in the deal
 * form; scheme, host and path are kept, so it still opens). Not an http(s) URL: returned unchanged.
 */
export function withoutTracking(url: string): string {
  const parsed = parseHttp(url);
  if (!parsed) return url;
  const host = keyHost(parsed);
  for (const k of new Set(parsed.searchParams.keys())) if (isTrackingParam(k, host)) parsed.searchParams.delete(k);
  parsed.hash = '';
  return parsed.toString().replace(/\?$/, '');
}
