/**
 * Which shop a link belongs to (docs/notes/posting.md): a shop keeps the host of its site without `www.` or `m.`,
 * and a link picks the shop whose host is the link's host or one it sits under (`uk.shop.example` is `shop.example`'s).
 * Pure: WHATWG URL only, so the server and the deal form decide alike.
 */

const MOBILE_OR_WWW = /^(?:www\d*|m|mobile)\./;

/** The shop host of a URL: lower-case, no port, trailing dot or `www.`/`m.`; null when it is not an http(s) URL with a dotted host. */
export function shopHost(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  let host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  while (MOBILE_OR_WWW.test(host) && host.split('.').length > 2) host = host.replace(MOBILE_OR_WWW, '');
  if (!host.includes('.') || host.startsWith('[')) return null;
  return host;
}

/**
 * The hosts a shop may be stored under for a link's host, the most specific first: the host itself and each parent
 * with at least two labels (`a.shop.co.uk` -> `a.shop.co.uk`, `shop.co.uk`, `co.uk`). A shop is never stored under a
 * bare public suffix such as `co.uk` (see isPlausibleShopHost), so the last entry never matches a real shop.
 */
export function hostCandidates(host: string): string[] {
  const labels = host.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

/** Second-level labels under which UK and other registries hand out names (`shop.co.uk`, not `co.uk`). */
const SECOND_LEVEL = new Set(['co', 'org', 'ac', 'gov', 'ltd', 'plc', 'me', 'net', 'sch', 'nhs', 'com']);

/** False for hosts that are a registry's suffix rather than a shop (`co.uk`, `com.au`). */
export function isPlausibleShopHost(host: string): boolean {
  const labels = host.split('.');
  if (labels.length < 2) return false;
  return !(labels.length === 2 && SECOND_LEVEL.has(labels[0]) && labels[1].length === 2);
}

/** A first guess at a shop's name from its host, for the form to offer (`johnlewis.com` -> `Johnlewis`). */
export function shopNameGuess(host: string): string {
  const labels = host.split('.');
  const tld2 = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2]);
  const name = labels[labels.length - (tld2 ? 3 : 2)] ?? host;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Shop names are the same shop whatever their case or spacing. */
export const shopNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
