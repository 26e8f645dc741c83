import { formatGBP, percentOff } from '../../../shared/domain/money.js';
import { hotScore } from '../../../shared/domain/temperature.js';
import { hashPassword } from '../../services/passwords.js';
import type { Db } from '../connection.js';
import { DEMO_COMMENTS, DEMO_MEMBERS, DEMO_PASSWORD, QUIET_MEMBER_COUNT } from './demo-people.js';
import { DEMO_PRODUCTS } from './demo-products.js';
import { renderDemoImage } from './demo-images.js';
import { resetSequences } from './index.js';
import { STORES } from './reference-data.js';

export { DEMO_PASSWORD };

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Deterministic so every fresh demo looks the same (and tests can rely on its shape). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FLAVOUR = [
  'Lowest price I have seen for this.', 'Free delivery, or click and collect from most stores.', 'Price drops in the basket.', 'Stock looks limited, so be quick.',
  'Matches the best price online right now.', 'Good reviews and a two year warranty.', 'Works out cheaper still with cashback.', 'Ideal present with the holidays coming up.',
];

function dealUrl(storeId: number, title: string, r: () => number): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  if (storeId === 42) return `https://www.amazon.co.uk/${slug}/dp/B0${Math.floor(r() * 1e8).toString(36).toUpperCase().padStart(8, 'X')}`;
  if (storeId === 43) return `https://www.ebay.co.uk/itm/${Math.floor(1e11 + r() * 8e11)}`;
  const store = STORES.find((s) => s.id === storeId);
  return `${store?.url ?? 'https://www.example.co.uk'}/product/${slug}`;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/**
 * Demo members, ~150 UK deals with locally rendered images, votes, comments and saves, spread over the last 30 days
 * (SPEC: DEMO_DATA). Runs on a fresh database in a few seconds; the members' password is DEMO_PASSWORD.
 */
export async function seedDemoData(db: Db, opts: { uploadsDir: string }): Promise<void> {
  const k = db.kysely;
  const r = rng(20240501);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const quiet = Array.from({ length: QUIET_MEMBER_COUNT }, (_, i) => ({ username: `shopper${String(i + 1).padStart(2, '0')}`, bio: null, role: 'user' }));
  const people = [...DEMO_MEMBERS, ...quiet];
  const members = await k
    .insertInto('users')
    .values(
      people.map((m, i) => ({
        username: m.username,
        username_key: m.username.toLowerCase(),
        email: `${m.username.toLowerCase()}@demo.quidsin.local`,
        password_hash: passwordHash,
        role: m.role,
        avatar: null,
        bio: m.bio,
        email_verified_at: nowIso,
        created_at: new Date(now - (60 + i) * DAY).toISOString(),
        updated_at: nowIso,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const named = members.slice(0, DEMO_MEMBERS.length).map((m) => Number(m.id));
  const everyone = members.map((m) => Number(m.id));
  const storeName = new Map(STORES.map((s) => [s.id, s.name]));

  // Images first (the slow part), a few at a time.
  const images: Array<{ imageUrl: string; thumbnailUrl: string }> = [];
  for (let i = 0; i < DEMO_PRODUCTS.length; i += 6) {
    const batch = DEMO_PRODUCTS.slice(i, i + 6).map(([title, categoryId, storeId, price]) =>
      renderDemoImage(opts.uploadsDir, { title, store: storeName.get(storeId) ?? '', priceLabel: price === 0 ? 'FREE' : formatGBP(price), hue: (categoryId * 47) % 360 }),
    );
    images.push(...(await Promise.all(batch)));
  }

  const plans = DEMO_PRODUCTS.map(([title, categoryId, storeId, price, original, coupon], i) => {
    const published = now - Math.floor(r() * 30 * DAY);
    // Every 15th deal waits for review, a few have lapsed, some run out soon.
    const pending = i % 15 === 7;
    const lapsed = !pending && i % 13 === 5;
    const status = pending ? 'pending' : lapsed && i % 2 === 0 ? 'expired' : 'active';
    const expiresAt = lapsed ? new Date(Math.min(now - HOUR, published + 5 * DAY)).toISOString() : !pending && r() < 0.2 ? new Date(now + (2 + Math.floor(r() * 20)) * DAY).toISOString() : null;
    const off = percentOff(price, original);
    const description = `${title} is ${price === 0 ? 'free' : `down to ${formatGBP(price)}`} at ${storeName.get(storeId)}${off > 0 ? ` (was ${formatGBP(original)}, ${off}% off)` : ''}. ${FLAVOUR[i % FLAVOUR.length]}${coupon ? ` Use code ${coupon} at checkout.` : ''} ${FLAVOUR[(i * 3 + 1) % FLAVOUR.length]}`;
    return { title, categoryId, storeId, price, original, coupon, published, status, expiresAt, description, poster: named[i % named.length] };
  });

  const deals = await k.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('deals')
      .values(
        plans.map((p, i) => ({
          title: p.title,
          description: p.description,
          url: dealUrl(p.storeId, p.title, r),
          image_url: images[i].imageUrl,
          thumbnail_url: images[i].thumbnailUrl,
          price_pence: Math.round(p.price * 100),
          original_price_pence: Math.round(p.original * 100),
          coupon: p.coupon ?? null,
          category_id: p.categoryId,
          store_id: p.storeId,
          user_id: p.poster,
          status: p.status,
          source: 'user',
          created_at: new Date(p.published - 2 * HOUR).toISOString(),
          updated_at: new Date(p.published).toISOString(),
          published_at: new Date(p.published).toISOString(),
          expires_at: p.expiresAt,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row, i) => ({ id: Number(row.id), ...plans[i] }));
  });

  const votes: Array<{ deal_id: number; user_id: number; vote_type: number; created_at: string }> = [];
  const comments: Array<{ deal_id: number; user_id: number; text: string; created_at: string }> = [];
  const saves: Array<{ user_id: number; deal_id: number; created_at: string }> = [];
  const tallies = new Map<number, { up: number; down: number; comments: number }>();
  for (const deal of deals) {
    const tally = { up: 0, down: 0, comments: 0 };
    tallies.set(deal.id, tally);
    if (deal.status === 'pending') continue;
    const age = now - deal.published;
    // A handful of crowd favourites; most deals get a modest reception.
    const popularity = r() < 0.12 ? 0.6 + r() * 0.4 : r() * 0.35;
    const upShare = 0.65 + r() * 0.33;
    for (const voter of everyone) {
      if (voter === deal.poster || r() > popularity) continue;
      const t = r();
      const type = r() < upShare ? 1 : -1;
      if (type === 1) tally.up++;
      else tally.down++;
      votes.push({ deal_id: deal.id, user_id: voter, vote_type: type, created_at: new Date(deal.published + Math.floor(t * t * age)).toISOString() });
    }
    const nComments = Math.floor(r() * r() * 7);
    for (let c = 0; c < nComments; c++) {
      const author = named[Math.floor(r() * named.length)];
      comments.push({ deal_id: deal.id, user_id: author, text: DEMO_COMMENTS[Math.floor(r() * DEMO_COMMENTS.length)], created_at: new Date(deal.published + Math.floor(((c + r()) / (nComments + 1)) * age)).toISOString() });
    }
    tally.comments = nComments;
    for (const saver of named) if (saver !== deal.poster && r() < 0.06) saves.push({ user_id: saver, deal_id: deal.id, created_at: new Date(deal.published + Math.floor(r() * age)).toISOString() });
  }
  comments.sort((a, b) => (a.created_at < b.created_at ? -1 : 1));

  await k.transaction().execute(async (trx) => {
    await insertChunked(votes, (chunk) => trx.insertInto('votes').values(chunk).execute());
    await insertChunked(comments, (chunk) => trx.insertInto('comments').values(chunk).execute());
    await insertChunked(saves, (chunk) => trx.insertInto('saved_deals').values(chunk).execute());
    for (const deal of deals) {
      const t = tallies.get(deal.id) ?? { up: 0, down: 0, comments: 0 };
      const temperature = t.up - t.down;
      await trx
        .updateTable('deals')
        .set({ upvotes: t.up, downvotes: t.down, temperature, hot_score: hotScore(temperature, deal.published), comment_count: t.comments })
        .where('id', '=', deal.id)
        .execute();
    }
  });
  await resetSequences(db, ['users', 'deals', 'votes', 'comments']);
}
