import crypto from 'node:crypto';
import { formatGBP, percentOff } from '../../../shared/domain/money.js';
import { slugify } from '../../../shared/domain/slug.js';
import { hotScore, TRENDING_WINDOW_MS } from '../../../shared/domain/deals/temperature.js';
import { hashPassword } from '../../services/passwords.js';
import type { Db } from '../connection.js';
import { backfillProductIdentity } from '../migrations/005-product-identity.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, QUIET_MEMBER_COUNT } from './demo-people.js';
import { DEMO_DEALS, DEMO_STORES, type DemoDeal } from './demo-products.js';
import { renderDemoImage } from './demo-images.js';
import { demoDailyStats } from './demo-analytics.js';
import {
  AGREE,
  CATEGORY_NOTES,
  COLD_REPLY,
  COLD_TOP,
  COUPON_QA,
  COUPON_TOP,
  EXPIRED_LAST,
  FREE_QA,
  FREE_TOP,
  GENERIC_NOTES,
  GENERIC_QA,
  GENERIC_TOP,
  HOT_TOP,
  MOD_NOTES,
} from './demo-talk.js';
import { seedDemoNotifications } from './demo-notifications.js';
import { seedDemoSecurity } from './demo-security.js';
import { seedDemoVouchers } from './demo-vouchers.js';
import { resetSequences } from './index.js';
import { OTHER_STORE_ID } from './reference-data.js';
import { shopHost } from '../../../shared/domain/shops/shop-domain.js';

export { DEMO_PASSWORD };

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

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
type Rng = ReturnType<typeof rng>;
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)];

/** Stable digits and letters from a title, for product ids in links. */
const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
const digits = (text: string, n: number) =>
  [...digest(text)]
    .map((b) => String(b % 10))
    .join('')
    .slice(0, n)
    .replace(/^0/, '1');
const asin = (text: string) =>
  `B0${[...digest(text)]
    .map((b) => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[b % 34])
    .join('')
    .slice(0, 8)}`;

/** A product page on the shop's own site, shaped like that shop's links. */
function productLink(store: string, base: string, title: string): string {
  const slug = slugify(title).slice(0, 60);
  switch (store) {
    case 'Amazon UK':
      return `${base}/${slug}/dp/${asin(title)}`;
    case 'eBay UK':
      return `${base}/itm/${digits(title, 12)}`;
    case 'Argos':
      return `${base}/product/${digits(title, 7)}`;
    case 'Currys':
      return `${base}/products/${slug}-${digits(title, 8)}.html`;
    case 'John Lewis':
      return `${base}/${slug}/p${digits(title, 9)}`;
    case 'Tesco':
      return `${base}/groceries/en-GB/products/${digits(title, 9)}`;
    case 'Very':
      return `${base}/${slug}/${digits(title, 10)}.prd`;
    case 'Steam':
      return `${base}/app/${digits(title, 7)}/${slug}`;
    case 'IKEA':
      return `${base}/gb/en/p/${slug}-${digits(title, 8)}`;
    default:
      return `${base}/p/${slug}-${digits(title, 6)}`;
  }
}

/** How the crowd takes a deal: decides its votes, its temperature and the tone of its comments. */
type Reception = 'hot' | 'warm' | 'mild' | 'cold';
const RECEPTION: Record<Reception, { share: [number, number]; up: number }> = {
  hot: { share: [0.45, 0.9], up: 0.93 },
  warm: { share: [0.15, 0.35], up: 0.8 },
  mild: { share: [0.04, 0.15], up: 0.68 },
  cold: { share: [0.1, 0.25], up: 0.28 },
};

interface Plan {
  deal: DemoDeal;
  storeId: number;
  url: string;
  published: number;
  status: 'active' | 'expired' | 'pending';
  expiresAt: string | null;
  /** When comments and votes stop (expiry or now). */
  until: number;
  poster: number;
  reception: Reception;
  description: string;
}

function describe(d: DemoDeal, storeName: string, r: Rng): string {
  // One-off merchants are named in the title already.
  const at = storeName === 'Other' ? '' : ` at ${storeName}`;
  const off = d.was !== null ? percentOff(d.price, d.was) : 0;
  const lead =
    d.price === 0
      ? `Free${at}${d.was ? ` (normally ${formatGBP(d.was)})` : ', nothing to pay'}.`
      : d.was !== null && off > 0
        ? `Down to ${formatGBP(d.price)}${at}, was ${formatGBP(d.was)} (${off}% off).`
        : `${formatGBP(d.price)}${at}.`;
  const notes = [pick(r, CATEGORY_NOTES[d.categoryId] ?? GENERIC_NOTES), pick(r, GENERIC_NOTES)];
  return [lead, notes[0], d.coupon ? `Use code ${d.coupon} at checkout.` : null, notes[1]].filter(Boolean).join(' ');
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

/** The stores the demo needs beyond the reference ones (and Other, should this database predate it). */
async function demoStores(db: Db, nowIso: string): Promise<Map<string, { id: number; url: string | null }>> {
  const k = db.kysely;
  const wanted = [...DEMO_STORES, { name: 'Other', url: null }];
  const existing = await k
    .selectFrom('stores')
    .select('name_key')
    .where(
      'name_key',
      'in',
      wanted.map((s) => s.name.toLowerCase()),
    )
    .execute();
  const missing = wanted.filter((s) => !existing.some((e) => e.name_key === s.name.toLowerCase()));
  if (missing.length > 0) {
    await k
      .insertInto('stores')
      .values(
        missing.map((s) => ({
          ...(s.name === 'Other' ? { id: OTHER_STORE_ID } : {}),
          name: s.name,
          name_key: s.name.toLowerCase(),
          url: s.url,
          domain: shopHost(s.url),
          logo_url: null,
          created_at: nowIso,
          updated_at: nowIso,
        })),
      )
      .execute();
    await resetSequences(db, ['stores']);
  }
  const rows = await k.selectFrom('stores').select(['id', 'name', 'url']).execute();
  return new Map(rows.map((s) => [s.name, { id: Number(s.id), url: s.url }]));
}

/**
 * A UK deal site on an ordinary day (SPEC: DEMO_DATA): the demo members, ~155 deals across every category with locally
 * drawn pictures, posted from minutes to five weeks ago, from cold to hot, some expired, some free, some with codes,
 * and comment threads with replies and likes. Runs on a fresh database in a few seconds; members' password DEMO_PASSWORD.
 */
export async function seedDemoData(db: Db, opts: { uploadsDir: string }): Promise<void> {
  const k = db.kysely;
  const r = rng(20240501);
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const quiet = Array.from({ length: QUIET_MEMBER_COUNT }, (_, i) => ({ username: `shopper${String(i + 1).padStart(3, '0')}`, bio: null, role: 'user' }));
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
        created_at: new Date(now - (400 - i * 2) * DAY).toISOString(),
        updated_at: nowIso,
      })),
    )
    .returning(['id', 'username'])
    .execute();
  const named = members.slice(0, DEMO_MEMBERS.length).map((m) => Number(m.id));
  const moderator = Number(members[DEMO_MEMBERS.findIndex((m) => m.role === 'moderator')].id);
  const posters = named.filter((id) => id !== moderator);
  const everyone = members.map((m) => Number(m.id));
  const stores = await demoStores(db, nowIso);

  // Ages: a shuffled order, the first few minutes old, then hours, then days, the oldest about five weeks.
  const order = DEMO_DEALS.map((_, i) => i).sort(() => r() - 0.5);
  const rank = new Map(order.map((dealIndex, position) => [dealIndex, position]));
  const ageOf = (position: number) => (position < 6 ? (4 + position * 11) * MINUTE : HOUR * 1.05 ** ((position - 6) * 0.93) * (0.8 + r() * 0.4));

  const plans: Plan[] = DEMO_DEALS.map((d, i) => {
    const store = stores.get(d.store);
    if (!store) throw new Error(`Demo store missing: ${d.store}`);
    const position = rank.get(i) ?? i;
    const published = now - Math.floor(ageOf(position));
    // A few recent deals wait for review; older ones have sometimes run out.
    const pending = position >= 3 && position < 40 && position % 4 === 1;
    const expired = !pending && position > 70 && i % 6 === 4;
    const status: Plan['status'] = pending ? 'pending' : expired ? 'expired' : 'active';
    let expiresAt: string | null = null;
    if (expired) expiresAt = new Date(Math.min(now - 2 * HOUR, published + (2 + Math.floor(r() * 6)) * DAY)).toISOString();
    else if (!pending && r() < 0.2)
      expiresAt = new Date(now + (r() < 0.3 ? (3 + Math.floor(r() * 18)) * HOUR : (2 + Math.floor(r() * 20)) * DAY)).toISOString();
    const roll = r();
    const reception: Reception = roll < 0.16 ? 'hot' : roll < 0.5 ? 'warm' : roll < 0.82 ? 'mild' : 'cold';
    const url = d.link ?? productLink(d.store, store.url as string, d.title);
    return {
      deal: d,
      storeId: store.id,
      url,
      published,
      status,
      expiresAt,
      reception,
      until: expired && expiresAt ? Date.parse(expiresAt) : now,
      poster: posters[i % posters.length],
      description: describe(d, d.store, r),
    };
  });

  // Pictures first (the slow part), a few at a time.
  const images: Array<{ imageUrl: string; thumbnailUrl: string }> = [];
  for (let i = 0; i < plans.length; i += 6) {
    const batch = plans
      .slice(i, i + 6)
      .map((p, j) => renderDemoImage(opts.uploadsDir, { kind: p.deal.kind, hue: (p.deal.categoryId * 47 + (i + j) * 7) % 360 }));
    images.push(...(await Promise.all(batch)));
  }

  const deals = await k.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('deals')
      .values(
        plans.map((p, i) => ({
          title: p.deal.title,
          description: p.description,
          url: p.url,
          image_url: images[i].imageUrl,
          thumbnail_url: images[i].thumbnailUrl,
          price_pence: Math.round(p.deal.price * 100),
          original_price_pence: p.deal.was === null ? null : Math.round(p.deal.was * 100),
          coupon: p.deal.coupon ?? null,
          category_id: p.deal.categoryId,
          store_id: p.storeId,
          user_id: p.poster,
          status: p.status,
          source: 'user',
          created_at: new Date(p.published - (p.status === 'pending' ? 0 : 40 * MINUTE)).toISOString(),
          updated_at: new Date(p.published).toISOString(),
          published_at: new Date(p.published).toISOString(),
          expires_at: p.expiresAt,
        })),
      )
      .returning('id')
      .execute();
    // Product keys and a first price point, as migration 005 gives deals that were there before it (docs/notes/products.md).
    await backfillProductIdentity(trx);
    return rows.map((row, i) => ({ id: Number(row.id), ...plans[i] }));
  });

  const votes: Array<{ deal_id: number; user_id: number; vote_type: number; created_at: string }> = [];
  const saves: Array<{ user_id: number; deal_id: number; created_at: string }> = [];
  const talk = new Talk(db, r, named, moderator, everyone, now);
  await talk.start();
  const tallies = new Map<number, { up: number; down: number; recent: number }>();
  for (const deal of deals) {
    const tally = { up: 0, down: 0, recent: 0 };
    tallies.set(deal.id, tally);
    if (deal.status === 'pending') continue;
    const span = Math.max(MINUTE, deal.until - deal.published);
    // New deals have had little time to be seen: the share of the crowd grows over their first day.
    const seen = Math.min(1, Math.sqrt(span / DAY));
    const { share, up } = RECEPTION[deal.reception];
    const wanted = Math.round((share[0] + r() * (share[1] - share[0])) * seen * everyone.length);
    const voters = everyone
      .filter((id) => id !== deal.poster)
      .sort(() => r() - 0.5)
      .slice(0, wanted);
    for (const voter of voters) {
      const t = r();
      const type = r() < up ? 1 : -1;
      if (type === 1) tally.up++;
      else tally.down++;
      const at = deal.published + Math.floor(t * t * span);
      if (at > now - TRENDING_WINDOW_MS) tally.recent++;
      votes.push({ deal_id: deal.id, user_id: voter, vote_type: type, created_at: new Date(at).toISOString() });
    }
    talk.thread(deal, seen);
    for (const saver of named)
      if (saver !== deal.poster && r() < 0.06)
        saves.push({ user_id: saver, deal_id: deal.id, created_at: new Date(deal.published + Math.floor(r() * span)).toISOString() });
  }

  await k.transaction().execute(async (trx) => {
    await insertChunked(votes, (chunk) => trx.insertInto('votes').values(chunk).execute());
    await insertChunked(talk.comments, (chunk) => trx.insertInto('comments').values(chunk).execute());
    await insertChunked(talk.likes, (chunk) => trx.insertInto('comment_likes').values(chunk).execute());
    await insertChunked(saves, (chunk) => trx.insertInto('saved_deals').values(chunk).execute());
    // Outbound clicks and deal views per day since each deal was posted (the back office's analytics).
    const stats = demoDailyStats(
      deals.map((d) => ({ id: d.id, storeId: d.storeId, status: d.status, reception: d.reception, published: d.published, until: d.until })),
      now,
      r,
    );
    await insertChunked(stats, (chunk) => trx.insertInto('deal_daily_stats').values(chunk).execute());
    for (const deal of deals) {
      const t = tallies.get(deal.id) ?? { up: 0, down: 0, recent: 0 };
      const temperature = t.up - t.down;
      await trx
        .updateTable('deals')
        .set({
          upvotes: t.up,
          downvotes: t.down,
          temperature,
          hot_score: hotScore(temperature, deal.published),
          comment_count: talk.countFor(deal.id),
          recent_votes: t.recent,
        })
        .where('id', '=', deal.id)
        .execute();
    }
  });
  await resetSequences(db, ['users', 'deals', 'votes', 'comments']);
  await demoPosting(db, deals, now);
  await seedDemoNotifications(db, now);
  await seedDemoSecurity(db, now);
  await seedDemoVouchers(db, now);
}

/**
 * Posting (docs/notes/posting.md): the newest live deals of members came from trusted posters (the back office's
 * "Posted by trusted members"), one of them pulled back for a check, one pending deal turned down with a reason, and a
 * shop a member named for a site we did not know, waiting for the team to confirm it (it has no deal yet: every demo
 * deal stays filed under the shop of its link).
 */
async function demoPosting(db: Db, deals: Array<{ id: number; status: string; published: number; deal: { title: string } }>, now: number): Promise<void> {
  const k = db.kysely;
  const byNewest = [...deals].sort((a, b) => b.published - a.published);
  const live = byNewest.filter((d) => d.status === 'active').slice(0, 5);
  const pending = byNewest.filter((d) => d.status === 'pending');
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE).toISOString();
  await k.transaction().execute(async (trx) => {
    if (live.length > 0) {
      await trx
        .updateTable('deals')
        .set({ posted_live: 1 })
        .where(
          'id',
          'in',
          live.map((d) => d.id),
        )
        .execute();
    }
    // The pulled-back one is one nobody has commented on yet (comments wait until a deal is live).
    let pulled: (typeof live)[number] | undefined;
    for (const d of [...live].reverse()) {
      if (!(await trx.selectFrom('comments').select('id').where('deal_id', '=', d.id).limit(1).executeTakeFirst())) {
        pulled = d;
        break;
      }
    }
    // As the team's review leaves them (admin/deals/review.ts): the status moved and a line in the moderation log.
    const move = async (d: (typeof deals)[number], from: string, to: string, action: string, reason: string, minutesAgo: number) => {
      await trx
        .updateTable('deals')
        .set({ status: to, updated_at: at(minutesAgo) })
        .where('id', '=', d.id)
        .execute();
      await trx
        .insertInto('moderation_log')
        .values({
          actor_id: 1,
          action,
          entity_type: 'deal',
          entity_id: d.id,
          entity_title: d.deal.title,
          before_json: JSON.stringify({ status: from }),
          after_json: JSON.stringify({ status: to }),
          reason,
          origin: 'admin',
          actor_role: 'admin',
          created_at: at(minutesAgo),
        })
        .execute();
    };
    if (pulled) await move(pulled, 'active', 'pending', 'pull-back', 'Checking the price with the shop: it looked like a members-only price', 30);
    const [rejected] = pending;
    if (rejected) await move(rejected, 'pending', 'rejected', 'edit', 'The same offer is already live: please vote on that one instead', 90);
    await trx
      .insertInto('stores')
      .values({
        name: 'Corner Gadgets',
        name_key: 'corner gadgets',
        url: null,
        logo_url: null,
        domain: 'cornergadgets.co.uk',
        confirmed: 0,
        created_at: at(200),
        updated_at: at(200),
      })
      .onConflict((oc) => oc.column('name_key').doNothing())
      .execute();
  });
}

interface CommentRow {
  id: number;
  deal_id: number;
  user_id: number;
  text: string;
  created_at: string;
  parent_id: number | null;
  like_count: number;
}

/** Comment threads: top-level remarks, questions with answers (often the poster's), agreement, likes. */
class Talk {
  readonly comments: CommentRow[] = [];
  readonly likes: Array<{ comment_id: number; user_id: number; created_at: string }> = [];
  private nextId = 1;
  private readonly perDeal = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly r: Rng,
    private readonly named: number[],
    private readonly moderator: number,
    private readonly everyone: number[],
    private readonly now: number,
  ) {}

  /** Comment ids are given here so replies can point at their parents in one batch insert. */
  async start() {
    const max = await this.db.kysely
      .selectFrom('comments')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    this.nextId = Number(max?.id ?? 0) + 1;
  }

  countFor(dealId: number) {
    return this.perDeal.get(dealId) ?? 0;
  }

  private say(deal: Plan & { id: number }, who: number, text: string, at: number, parent: CommentRow | null = null): CommentRow {
    const row: CommentRow = {
      id: this.nextId++,
      deal_id: deal.id,
      user_id: who,
      text,
      created_at: new Date(Math.min(at, deal.until - MINUTE)).toISOString(),
      parent_id: parent?.id ?? null,
      like_count: 0,
    };
    this.comments.push(row);
    this.perDeal.set(deal.id, this.countFor(deal.id) + 1);
    return row;
  }

  private someone(except: number[]) {
    const pool = this.named.filter((id) => !except.includes(id) && id !== this.moderator);
    return pick(this.r, pool);
  }

  private like(comment: CommentRow, popularity: number, span: number) {
    const n = Math.floor(this.r() * this.r() * popularity * 14);
    const fans = this.everyone
      .filter((id) => id !== comment.user_id)
      .sort(() => this.r() - 0.5)
      .slice(0, n);
    const said = Date.parse(comment.created_at);
    for (const fan of fans)
      this.likes.push({
        comment_id: comment.id,
        user_id: fan,
        created_at: new Date(Math.min(this.now, said + MINUTE + Math.floor(this.r() * span * 0.3))).toISOString(),
      });
    comment.like_count = fans.length;
  }

  thread(deal: Plan & { id: number }, seen: number) {
    const r = this.r;
    const d = deal.deal;
    const span = Math.max(MINUTE, deal.until - deal.published);
    const popularity = deal.reception === 'hot' ? 1 : deal.reception === 'warm' ? 0.6 : deal.reception === 'cold' ? 0.5 : 0.3;
    const count = Math.floor((0.5 + r() * 4.5) * popularity * seen + (deal.reception === 'hot' ? 2 : 0));
    if (count === 0) return;
    const at = (share: number) => deal.published + Math.floor(share * span);
    const free = d.price === 0;
    const tops = deal.reception === 'cold' ? COLD_TOP : deal.reception === 'hot' ? [...HOT_TOP, ...GENERIC_TOP] : free ? FREE_TOP : GENERIC_TOP;
    const questions = [...GENERIC_QA.filter(() => !free), ...(d.coupon ? COUPON_QA : []), ...(free ? FREE_QA : [])];
    const said = new Set<string>();
    const fresh = (pool: readonly string[]) => {
      const options = pool.filter((t) => !said.has(t));
      const text = pick(r, options.length ? options : pool);
      said.add(text);
      return text;
    };

    for (let c = 0; c < count; c++) {
      const when = at((c + 0.3 + r() * 0.6) / (count + 1));
      const author = this.someone([deal.poster]);
      const roll = r();
      if (roll < 0.3 && questions.length > 0) {
        // A question, answered by the poster or another member.
        const [q, a] = pick(r, questions.filter(([text]) => !said.has(text)).length ? questions.filter(([text]) => !said.has(text)) : questions);
        said.add(q);
        const question = this.say(deal, author, q, when);
        const answer = this.say(deal, r() < 0.6 ? deal.poster : this.someone([author]), a, when + (10 + Math.floor(r() * 90)) * MINUTE, question);
        this.like(answer, popularity + 0.3, span);
        this.like(question, popularity * 0.3, span);
      } else {
        const text = d.coupon && c === 0 && deal.reception !== 'cold' ? fresh(COUPON_TOP) : fresh(tops);
        const top = this.say(deal, author, text, when);
        this.like(top, popularity, span);
        if (r() < 0.25) {
          const reply = this.say(
            deal,
            this.someone([author]),
            fresh(deal.reception === 'cold' ? COLD_REPLY : AGREE),
            when + (20 + Math.floor(r() * 200)) * MINUTE,
            top,
          );
          this.like(reply, popularity * 0.5, span);
        }
      }
    }
    if (deal.reception === 'cold' && r() < 0.3) this.say(deal, this.moderator, fresh(MOD_NOTES), at(0.9));
    if (deal.status === 'expired') this.say(deal, this.someone([deal.poster]), fresh(EXPIRED_LAST), deal.until - 5 * MINUTE);
  }
}
