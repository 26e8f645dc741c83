/**
 * Every link to a shop goes through the site's own redirect (docs/notes/analytics.md): counted, then sent on to the
 * deal's stored, affiliate-tagged URL. The server routes OUTBOUND_ROUTE; the web links to outboundPath(id).
 */
export const OUTBOUND_ROUTE = '/go/:dealId';
export const outboundPath = (dealId: number): string => `/go/${dealId}`;
/** What a link to a shop says about itself to search engines and the browser (SPEC §1: a new tab). */
export const OUTBOUND_REL = 'nofollow sponsored noopener';
