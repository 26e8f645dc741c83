/**
 * Deterministic, realistic rows for the bulk generator: deals built from the demo product list with varied titles,
 * prices, stores and dates; votes front-loaded after publication with a few runaway hot deals; comments; saves.
 */
import { hotScore, TRENDING_WINDOW_MS } from '../../src/shared/domain/deals/temperature.js';
import { DEMO_PRODUCTS } from '../../src/server/db/seed/demo-products.js';
import { STORES } from '../../src/server/db/seed/reference-data.js';

/** mulberry32: fast, seedable, good enough for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VARIANTS = [
  '',
  '',
  '',
  '',
  ' - Black',
  ' - White',
  ' (2 Pack)',
  ' - Refurbished',
  ' Bundle',
  ' - Lowest Ever Price',
  ' - Prime Exclusive',
  ' + Free Delivery',
  ' - Clearance',
  ' (Renewed)',
  ' with Free Gift',
  ' - Members Price',
  ' - Click & Collect',
  ' - App Only',
  ' (Grey)',
  ' - Flash Sale',
];
const FLAVOUR = [
  'Lowest price I have seen in months.',
  'Price drop applied at checkout.',
  'Free click and collect where stock allows.',
  'Cheaper than the usual retailers by a long way.',
  'Decent reviews and a two year warranty.',
  'Stock seems limited so be quick.',
  'Works out even cheaper with cashback.',
  'Same price matched at a couple of other stores.',
  'Great gift idea with Christmas coming up.',
  'Free delivery for members, otherwise a small charge.',
  'Use the voucher in the basket for the extra discount.',
  'Price tracker shows this is an all time low.',
  'Been waiting for this to drop for ages.',
  'Good alternative to the premium brands.',
  'Ideal for students on a budget.',
  'In store and online.',
];
const COMMENTS = [
  'Great price, thanks for posting!',
  'Heat added, just ordered one.',
  'Was cheaper last Black Friday.',
  'Does anyone know if this works with the older model?',
  'Bought one last month, really happy with it.',
  'Out of stock near me already.',
  'Voucher worked for me, ended up even cheaper.',
  'Not a deal, it has been this price for weeks.',
  'Cheers OP, exactly what I was after.',
  'Delivery date is two weeks out now.',
  'Good spot!',
  'Can confirm the code still works.',
  'Price has gone back up unfortunately.',
  'Is this the UK version?',
  'Picked one up in store, shelf price was higher but scanned at the deal price.',
];

const storeName = new Map(STORES.map((s) => [s.id, s.name]));
const storeIds = STORES.map((s) => s.id);
const DAY = 86_400_000;

export interface DealRow {
  id: number;
  title: string;
  description: string;
  url: string;
  image_url: string | null;
  thumbnail_url: string | null;
  price_pence: number;
  original_price_pence: number | null;
  coupon: string | null;
  category_id: number;
  store_id: number;
  user_id: number;
  status: string;
  source: string;
  created_at: string;
  updated_at: string;
  published_at: string;
  expires_at: string | null;
  upvotes: number;
  downvotes: number;
  temperature: number;
  hot_score: number;
  /** Votes in the trending window (what castVote and the trending-window job keep, migration 010). */
  recent_votes: number;
  comment_count: number;
}

export interface VoteRow {
  deal_id: number;
  user_id: number;
  vote_type: number;
  created_at: string;
}
export interface CommentRow {
  deal_id: number;
  user_id: number;
  text: string;
  created_at: string;
}
export interface SaveRow {
  user_id: number;
  deal_id: number;
  created_at: string;
}

export interface GeneratedDeal {
  deal: DealRow;
  votes: VoteRow[];
  comments: CommentRow[];
  saves: SaveRow[];
}

export interface GeneratorConfig {
  seed: number;
  now: number;
  /** Publication dates spread over this many days before now. */
  spanDays: number;
  /** Member ids to pick posters, voters and commenters from. */
  firstUserId: number;
  userCount: number;
  meanVotes: number;
  meanComments: number;
}

const round99 = (pounds: number) => (pounds < 5 ? Math.round(pounds * 100) : Math.max(1, Math.round(pounds)) * 100 - 1);
const exp = (r: () => number, mean: number) => Math.floor(-Math.log(1 - r()) * mean);

/** A generator of deals with ids from `firstId` on; call next() once per deal. */
export function dealGenerator(cfg: GeneratorConfig, firstId: number) {
  const r = rng(cfg.seed);
  const pickUser = () => cfg.firstUserId + Math.floor(r() * cfg.userCount);
  let id = firstId;

  return function next(): GeneratedDeal {
    const [baseTitle, categoryId, baseStore, basePrice, baseOriginal, coupon] = DEMO_PRODUCTS[Math.floor(r() * DEMO_PRODUCTS.length)];
    const storeId = r() < 0.75 ? baseStore : storeIds[Math.floor(r() * storeIds.length)];
    const factor = 0.75 + r() * 0.5;
    const free = basePrice === 0 || r() < 0.01;
    const price = free ? 0 : round99(basePrice * factor);
    const original = r() < 0.9 ? Math.max(price, round99(baseOriginal * factor)) : null;
    const title = `${baseTitle}${VARIANTS[Math.floor(r() * VARIANTS.length)]}`.slice(0, 100);
    const published = cfg.now - Math.floor(r() * cfg.spanDays * DAY);
    const store = storeName.get(storeId) ?? 'the store';
    const priceText = price === 0 ? 'free' : `£${(price / 100).toFixed(2)}`;
    const description = `${title} for ${priceText} at ${store}${original && original > price ? ` (was £${(original / 100).toFixed(2)})` : ''}. ${FLAVOUR[Math.floor(r() * FLAVOUR.length)]} ${FLAVOUR[Math.floor(r() * FLAVOUR.length)]}`;

    let status = 'active';
    let expiresAt: number | null = null;
    const s = r();
    if (s < 0.02) status = 'pending';
    else if (s < 0.025) status = 'rejected';
    else if (r() < 0.22) {
      expiresAt = published + (3 + Math.floor(r() * 27)) * DAY;
      // What the app's expiry sweep (features/deals/expiry-sweep.ts) leaves: lapsed deals are marked expired.
      if (expiresAt <= cfg.now) status = 'expired';
    } else if (r() < 0.03) status = 'expired';
    const userId = pickUser();
    const dealId = id++;

    const votes: VoteRow[] = [];
    const comments: CommentRow[] = [];
    const saves: SaveRow[] = [];
    let up = 0;
    let down = 0;
    if (status !== 'pending' && status !== 'rejected') {
      const hot = r() < 0.006;
      const wanted = Math.min(cfg.userCount - 1, hot ? 20 + Math.floor(r() * 180) : exp(r, cfg.meanVotes));
      const upShare = hot ? 0.9 : 0.78;
      const voters = new Set<number>();
      const window = Math.max(60_000, Math.min(7 * DAY, cfg.now - published));
      while (voters.size < wanted) {
        const v = pickUser();
        if (v === userId || voters.has(v)) continue;
        voters.add(v);
        const type = r() < upShare ? 1 : -1;
        if (type === 1) up++;
        else down++;
        const t = r();
        votes.push({ deal_id: dealId, user_id: v, vote_type: type, created_at: new Date(published + Math.floor(t * t * window)).toISOString() });
      }
      const nComments = Math.min(40, exp(r, cfg.meanComments + votes.length / 20));
      for (let i = 0; i < nComments; i++) {
        const t = r();
        comments.push({
          deal_id: dealId,
          user_id: pickUser(),
          text: COMMENTS[Math.floor(r() * COMMENTS.length)],
          created_at: new Date(published + Math.floor(t * window)).toISOString(),
        });
      }
      comments.sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
      if (r() < 0.12) saves.push({ user_id: pickUser(), deal_id: dealId, created_at: new Date(published + Math.floor(r() * window)).toISOString() });
    }
    const temperature = up - down;
    const windowStart = new Date(cfg.now - TRENDING_WINDOW_MS).toISOString();
    const recentVotes = votes.filter((v) => v.created_at > windowStart).length;
    const publishedIso = new Date(published).toISOString();
    const slug = baseTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const storeUrl = storeId === 42 ? 'https://www.amazon.co.uk/dp/' : storeId === 43 ? 'https://www.ebay.co.uk/itm/' : `https://deals.example/${storeId}/`;
    return {
      deal: {
        id: dealId,
        title,
        description,
        url: `${storeUrl}${slug}-${dealId}`,
        image_url: null,
        thumbnail_url: null,
        price_pence: price,
        original_price_pence: original,
        coupon: coupon ?? (r() < 0.04 ? `SAVE${5 + Math.floor(r() * 20)}` : null),
        category_id: categoryId,
        store_id: storeId,
        user_id: userId,
        status,
        source: 'bulk',
        created_at: publishedIso,
        updated_at: publishedIso,
        published_at: publishedIso,
        expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
        upvotes: up,
        downvotes: down,
        temperature,
        hot_score: hotScore(temperature, published),
        comment_count: comments.length,
        recent_votes: recentVotes,
      },
      votes,
      comments,
      saves,
    };
  };
}

export const DEAL_COLUMNS = [
  'id',
  'title',
  'description',
  'url',
  'image_url',
  'thumbnail_url',
  'price_pence',
  'original_price_pence',
  'coupon',
  'category_id',
  'store_id',
  'user_id',
  'status',
  'source',
  'created_at',
  'updated_at',
  'published_at',
  'expires_at',
  'upvotes',
  'downvotes',
  'temperature',
  'hot_score',
  'comment_count',
  'recent_votes',
] as const;
