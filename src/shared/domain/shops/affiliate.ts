/** Affiliate tagging (SPEC §9): store 42 on amazon hosts, store 43 on ebay hosts. */
export const AMAZON_STORE_ID = 42;
export const EBAY_STORE_ID = 43;

export interface AffiliateConfig {
  amazonTag?: string | null;
  ebayCampaignId?: string | null;
}

const hostIs = (host: string, brand: string) => {
  const h = host.toLowerCase();
  return h.split('.').includes(brand);
};

export function affiliateUrl(url: string, storeId: number, cfg: AffiliateConfig): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return url;
  if (storeId === AMAZON_STORE_ID && cfg.amazonTag && hostIs(parsed.hostname, 'amazon')) {
    parsed.searchParams.set('tag', cfg.amazonTag);
    return parsed.toString();
  }
  if (storeId === EBAY_STORE_ID && cfg.ebayCampaignId && hostIs(parsed.hostname, 'ebay')) {
    // eBay Partner Network parameters: mkcid=1 (EPN), mkrid=710-53481-19255-0 (UK rotation), campid, toolid.
    parsed.searchParams.set('mkcid', '1');
    parsed.searchParams.set('mkrid', '710-53481-19255-0');
    parsed.searchParams.set('siteid', '3');
    parsed.searchParams.set('campid', cfg.ebayCampaignId);
    parsed.searchParams.set('toolid', '10001');
    parsed.searchParams.set('mkevt', '1');
    return parsed.toString();
  }
  return url;
}
