import { AMAZON_STORE_ID, EBAY_STORE_ID } from '../../../shared/domain/shops/affiliate.js';
import { dayOf } from '../../../shared/domain/shops/analytics.js';

const DAY = 86_400_000;

/** How much attention a deal gets on its first day, and how many of its viewers click through, by how it was taken. */
const ATTENTION = {
  hot: { views: 420, ctr: 0.21 },
  warm: { views: 160, ctr: 0.15 },
  mild: { views: 70, ctr: 0.1 },
  cold: { views: 35, ctr: 0.05 },
} as const;

export interface DemoStatsDeal {
  id: number;
  storeId: number;
  status: string;
  reception: keyof typeof ATTENTION;
  published: number;
  /** When it stopped being live (its expiry), or now. */
  until: number;
}

/**
 * Believable per-day counts (docs/notes/analytics.md) for the demo's public deals from the day each was posted to
 * yesterday: most views in the first days and fewer as the deal ages (a half-life of about four days), a quieter
 * weekend, and after expiry a trickle of views whose "Visit shop" clicks are rare. Today is left to the site itself:
 * its counts are the visits the running site receives (a seeded "today" would stand still while the clock moves on).
 * Clicks are a reception-dependent share of views; Amazon's and eBay's clicks carry their tags (the demo site is taken
 * to have AMAZON_TAG and EBAY_CAMPAIGN_ID set).
 */
export function demoDailyStats(deals: DemoStatsDeal[], now: number, r: () => number) {
  const rows: Array<{ deal_id: number; day: string; clicks: number; views: number; tagged_clicks: number }> = [];
  const dayStart = Date.parse(`${dayOf(now)}T00:00:00Z`);
  for (const deal of deals) {
    if (deal.status !== 'active' && deal.status !== 'expired') continue;
    const { views: first, ctr } = ATTENTION[deal.reception];
    const tagged = deal.storeId === AMAZON_STORE_ID || deal.storeId === EBAY_STORE_ID;
    for (let t = Date.parse(`${dayOf(deal.published)}T00:00:00Z`); t < dayStart; t += DAY) {
      const age = Math.max(0, (t - deal.published) / DAY);
      const weekend = [0, 6].includes(new Date(t).getUTCDay()) ? 0.75 : 1;
      const live = t < deal.until;
      const decay = 0.5 ** (age / 4) * (live ? 1 : 0.2);
      const views = Math.round(first * decay * weekend * (0.7 + r() * 0.6));
      if (views === 0) continue;
      const clicks = Math.round(views * ctr * (live ? 1 : 0.3) * (0.75 + r() * 0.5));
      rows.push({ deal_id: deal.id, day: dayOf(t), clicks, views, tagged_clicks: tagged ? clicks : 0 });
    }
  }
  return rows;
}
