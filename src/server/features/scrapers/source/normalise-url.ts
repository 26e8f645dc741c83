/** Query parameters that only track a visit and never change which deal a URL points at. */
const TRACKING =
  /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_[ce]id|igshid|yclid|_ga|ref|ref_|referrer|source|campaign|cmp|affid|aff_id|clickid|tag|ascsubtag|linkcode|psc|smid|th|sr|qid|sprefix|crid)$/i;

/**
 * One spelling per deal URL for de-duplication: lower-case host without "www.", no fragment, no default port,
 * tracking parameters dropped, the rest sorted, no trailing slash.
 */
export function normaliseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.trim().toLowerCase();
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && url.port !== (url.protocol === 'https:' ? '443' : '80') ? `:${url.port}` : '';
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '') || '';
  // http and https of the same page are the same deal.
  return `${host}${port}${path}${query}`;
}
