import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { DEMO_IMAGE_KINDS, demoImageSvg } from './demo-images.js';
import { DEMO_DEALS, DEMO_PRODUCTS } from './demo-products.js';
import { DEMO_PASSWORD, seedDemoData } from './demo.js';

const host = (url: string) => new URL(url).hostname.replace(/^www\./, '');

describe('demo data', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await seedDemoData(h.db, { uploadsDir: h.config.uploadsDir });
  }, 60_000);
  afterAll(() => h.close());

  it('seeds members, ~150 deals in every state, with local images', async () => {
    const deals = await h.db.kysely.selectFrom('deals').selectAll().execute();
    expect(deals.length).toBeGreaterThanOrEqual(140);
    const by = (f: (d: (typeof deals)[number]) => boolean) => deals.filter(f).length;
    expect(by((d) => d.status === 'pending')).toBeGreaterThanOrEqual(8);
    expect(by((d) => d.status === 'expired' || (d.expires_at !== null && Date.parse(d.expires_at) < Date.now()))).toBeGreaterThanOrEqual(6);
    expect(by((d) => d.price_pence === 0)).toBeGreaterThanOrEqual(3);
    expect(by((d) => d.coupon !== null)).toBeGreaterThanOrEqual(5);
    expect(by((d) => d.temperature > 25)).toBeGreaterThanOrEqual(3);
    expect(new Set(deals.map((d) => d.category_id)).size).toBe(25);
    const oldest = Math.min(...deals.map((d) => Date.parse(d.published_at)));
    expect(Date.now() - oldest).toBeGreaterThan(20 * 86_400_000);
    for (const d of deals.slice(0, 5)) {
      expect(fs.existsSync(path.join(h.config.uploadsDir, (d.image_url as string).slice('/uploads/'.length)))).toBe(true);
      expect(fs.existsSync(path.join(h.config.uploadsDir, (d.thumbnail_url as string).slice('/uploads/'.length)))).toBe(true);
    }
  });

  it('keys every deal by its product and gives each priced deal a first price point', async () => {
    const deals = await h.db.kysely.selectFrom('deals').select(['id', 'url', 'product_key', 'price_pence']).execute();
    expect(deals.filter((d) => d.product_key === null)).toEqual([]);
    const points = await h.db.kysely.selectFrom('price_points').select('deal_id').execute();
    expect(points.length).toBe(deals.filter((d) => d.price_pence !== null).length);
  });

  it('reads like an ordinary day: minutes-old to weeks-old deals, cold to hot, freebies without an original price', async () => {
    const live = await h.db.kysely.selectFrom('deals').selectAll().where('status', '=', 'active').execute();
    const ages = live.map((d) => Date.now() - Date.parse(d.published_at));
    expect(ages.filter((a) => a < 60 * 60_000).length).toBeGreaterThanOrEqual(3); // posted within the hour
    expect(ages.filter((a) => a > 14 * 86_400_000).length).toBeGreaterThanOrEqual(10); // weeks old
    expect(live.filter((d) => d.temperature < 0).length).toBeGreaterThanOrEqual(3); // cold
    expect(live.filter((d) => d.temperature > 50).length).toBeGreaterThanOrEqual(3); // properly hot
    expect(live.filter((d) => d.price_pence === 0 && d.original_price_pence === null).length).toBeGreaterThanOrEqual(3);
    expect(live.filter((d) => d.coupon !== null && d.price_pence !== null).length).toBeGreaterThanOrEqual(5);
    // Every original price is above the price: nothing "was £10, now £12".
    expect(live.filter((d) => d.original_price_pence !== null && (d.price_pence ?? 0) >= d.original_price_pence)).toEqual([]);
  });

  it('files every deal under the shop of its link, with one-offs under Other', async () => {
    const rows = await h.db.kysely
      .selectFrom('deals as d')
      .innerJoin('stores as s', 's.id', 'd.store_id')
      .select(['d.title', 'd.url', 's.name', 's.url as store_url'])
      .execute();
    const stores = await h.db.kysely.selectFrom('stores').select(['name', 'url']).execute();
    const storeHosts = new Set(stores.filter((s) => s.url).map((s) => host(s.url as string)));
    const wrong = rows.filter((d) => (d.store_url ? host(d.url) !== host(d.store_url) : d.name !== 'Other' || storeHosts.has(host(d.url))));
    expect(wrong).toEqual([]);
    const others = rows.filter((d) => d.name === 'Other');
    expect(others.length).toBeGreaterThanOrEqual(3);
    // One-offs: no merchant of Other appears twice (it would deserve a store of its own).
    expect(new Set(others.map((d) => host(d.url))).size).toBe(others.length);
    // A brand's deal is never filed under a marketplace's store: Spotify and Eurostar are not eBay UK.
    const spotify = rows.find((d) => d.title.startsWith('Spotify'));
    const eurostar = rows.find((d) => d.title.startsWith('Eurostar'));
    expect(spotify?.name).not.toBe('eBay UK');
    expect(eurostar?.name).not.toBe('eBay UK');
  });

  it('draws pictures without any text: no title, price or shop name in them', () => {
    for (const kind of DEMO_IMAGE_KINDS) {
      const svg = demoImageSvg(kind, 200);
      expect(svg, kind).not.toMatch(/<text|<tspan|font-family/i);
      expect(svg, kind).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
    expect(new Set(DEMO_DEALS.map((d) => d.kind)).size).toBeGreaterThanOrEqual(40);
    // The check itself can fail.
    expect('<svg><text x="1">£5</text></svg>').toMatch(/<text|<tspan|font-family/i);
  });

  it("keeps the bulk generator's templates: every deal with a reference store and a number for the original price", () => {
    expect(DEMO_PRODUCTS).toHaveLength(DEMO_DEALS.length);
    for (const [, categoryId, storeId, price, original] of DEMO_PRODUCTS) {
      expect(categoryId).toBeGreaterThanOrEqual(1);
      expect(storeId).toBeGreaterThanOrEqual(1);
      expect(original).toBeGreaterThanOrEqual(price);
    }
  });

  it('keeps every counter equal to the rows behind it', async () => {
    const mismatches = await h.db.kysely
      .selectFrom('deals as d')
      .select('d.id')
      .where((eb) =>
        eb.or([
          eb('d.upvotes', '!=', sql<number>`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = d.id AND v.vote_type = 1)`),
          eb('d.downvotes', '!=', sql<number>`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = d.id AND v.vote_type = -1)`),
          eb('d.comment_count', '!=', sql<number>`(SELECT COUNT(*) FROM comments c WHERE c.deal_id = d.id AND c.deleted_at IS NULL)`),
          eb('d.temperature', '!=', sql<number>`d.upvotes - d.downvotes`),
        ]),
      )
      .execute();
    expect(mismatches).toEqual([]);
    const likes = await h.db.kysely
      .selectFrom('comments as c')
      .select('c.id')
      .where('c.like_count', '!=', sql<number>`(SELECT COUNT(*) FROM comment_likes l WHERE l.comment_id = c.id)`)
      .execute();
    expect(likes).toEqual([]);
  });

  // What a believable site never shows: each query finds the rows that would show it.
  it.each([
    ['votes on their own deals', () => sql`SELECT v.id FROM votes v JOIN deals d ON d.id = v.deal_id WHERE v.user_id = d.user_id`],
    ['likes of their own comments', () => sql`SELECT c.id FROM comment_likes l JOIN comments c ON c.id = l.comment_id WHERE l.user_id = c.user_id`],
    ['likes dated in the future', () => sql`SELECT comment_id FROM comment_likes WHERE created_at > ${new Date().toISOString()}`],
    ['comments on a deal still waiting for review', () => sql`SELECT c.id FROM comments c JOIN deals d ON d.id = c.deal_id WHERE d.status = 'pending'`],
  ])('has no %s', async (_what, query) => {
    expect((await query().execute(h.db.kysely)).rows).toEqual([]);
  });

  it('has members talking: replies under top-level comments of the same deal, and likes', async () => {
    const replies = await h.db.kysely
      .selectFrom('comments as c')
      .innerJoin('comments as p', 'p.id', 'c.parent_id')
      .select(['c.id', 'c.deal_id', 'p.deal_id as parent_deal', 'p.parent_id as grandparent', 'c.created_at', 'p.created_at as parent_at'])
      .execute();
    expect(replies.length).toBeGreaterThanOrEqual(10);
    expect(replies.filter((x) => x.deal_id !== x.parent_deal || x.grandparent !== null || x.created_at < x.parent_at)).toEqual([]);
    const liked = await h.db.kysely.selectFrom('comments').select('id').where('like_count', '>', 0).execute();
    expect(liked.length).toBeGreaterThanOrEqual(10);
    // Nobody says the same thing twice on one deal.
    const repeats = await h.db.kysely.selectFrom('comments').select(['deal_id', 'text']).groupBy(['deal_id', 'text']).having(sql`COUNT(*)`, '>', 1).execute();
    expect(repeats).toEqual([]);
  });

  it('gives the analytics believable days: counts only for public deals, from the day they were posted, clicks a share of views', async () => {
    const rows = await h.db.kysely
      .selectFrom('deal_daily_stats as s')
      .innerJoin('deals as d', 'd.id', 's.deal_id')
      .select(['s.deal_id', 's.day', 's.clicks', 's.views', 's.tagged_clicks', 'd.status', 'd.published_at', 'd.store_id'])
      .execute();
    expect(rows.length).toBeGreaterThan(500);
    // Only deals that have been public: the one pulled back was live (minutes old; just after midnight UTC its first
    // day is already yesterday, a counted day).
    const pulledBack = new Set(
      (await h.db.kysely.selectFrom('moderation_log').select('entity_id').where('action', '=', 'pull-back').execute()).map((x) => Number(x.entity_id)),
    );
    expect(rows.filter((x) => x.status !== 'active' && x.status !== 'expired' && !pulledBack.has(Number(x.deal_id)))).toEqual([]);
    expect(rows.filter((x) => x.day < x.published_at.slice(0, 10) || x.clicks > x.views || x.tagged_clicks > x.clicks)).toEqual([]);
    expect(rows.filter((x) => x.tagged_clicks > 0 && x.store_id !== 42 && x.store_id !== 43)).toEqual([]);
    // History up to yesterday; today's counts are the running site's own.
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.filter((x) => x.day >= today)).toEqual([]);
    expect(new Set(rows.map((x) => x.day)).size).toBeGreaterThan(20);
    const views = rows.reduce((n, x) => n + x.views, 0);
    const clicks = rows.reduce((n, x) => n + x.clicks, 0);
    expect(clicks / views).toBeGreaterThan(0.05);
    expect(clicks / views).toBeLessThan(0.25);
  });

  it('lets a demo member sign in and browse a lively site', async () => {
    for (const credential of ['bargain_bex', 'dealhunter_sam', 'quidsin_mod']) {
      const login = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential, password: DEMO_PASSWORD } });
      expect(login.status, credential).toBe(200);
    }
    const login = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'bargain_bex', password: DEMO_PASSWORD } });
    const list = await h.request({ method: 'GET', url: '/api/deals', token: login.body.data.token });
    expect(list.body.data.totalCount).toBeGreaterThan(100);
    const trending = await h.request({ method: 'GET', url: '/api/deals/trending' });
    expect(trending.body.data).toHaveLength(6);
    const categories = await h.request({ method: 'GET', url: '/api/categories' });
    expect(categories.body.data.every((c: { dealsCount: number }) => c.dealsCount >= 0)).toBe(true);
    const member = await h.request({ method: 'GET', url: '/api/members/bargain_bex' });
    expect(member.body.data.counts.dealsPosted).toBeGreaterThan(5);
    const discount = await h.request({ method: 'GET', url: '/api/deals?sort=discount&pageSize=5' });
    expect(discount.body.data.deals[0].originalPrice).not.toBeNull();
  });

  it('gives members the notifications their demo conversations raised, newest unread, with the sentences the app writes', async () => {
    const rows = await h.db.kysely.selectFrom('notifications').selectAll().execute();
    expect(rows.length).toBeGreaterThan(100);
    const types = new Set(rows.map((r) => r.type));
    for (const t of ['comment.reply', 'deal.comment', 'comment.liked', 'deal.hot', 'deal.approved']) expect(types.has(t)).toBe(true);
    expect(rows.some((r) => r.read_at === null)).toBe(true);
    expect(rows.some((r) => r.read_at !== null)).toBe(true);
    expect(rows.filter((r) => r.actor_id !== null && Number(r.actor_id) === Number(r.user_id))).toEqual([]);
    const gathered = rows.find((r) => r.type === 'comment.liked' && Number(r.count) > 2);
    expect(gathered?.text).toMatch(/^\S+ and \d+ others liked your comment$/);
    expect(await h.db.kysely.selectFrom('notification_preferences').selectAll().execute()).toHaveLength(2);
  });

  it('gives members sessions still in force and the sign-ins behind them, with coarse network hints only', async () => {
    const sessions = await h.db.kysely.selectFrom('sessions').selectAll().execute();
    expect(sessions.length).toBeGreaterThan(10);
    expect(sessions.every((s) => s.expires_at > new Date().toISOString() && /x\.x$|::\/32$/.test(s.ip_hint))).toBe(true);
    const signIns = await h.db.kysely.selectFrom('security_events').select('user_id').where('kind', '=', 'sign-in').execute();
    expect(signIns).toHaveLength(sessions.length);
  });

  it("shows the team's review at work: one live deal pulled back and one pending deal rejected, each in the moderation log", async () => {
    const log = await h.db.kysely
      .selectFrom('moderation_log as m')
      .innerJoin('deals as d', 'd.id', 'm.entity_id')
      .select(['m.action', 'm.before_json', 'm.after_json', 'm.reason', 'd.status', 'd.title', 'm.entity_title'])
      .where('m.entity_type', '=', 'deal')
      .where('m.origin', '=', 'admin')
      .orderBy('m.id')
      .execute();
    expect(log.map((l) => [l.action, JSON.parse(l.before_json ?? '{}').status, JSON.parse(l.after_json ?? '{}').status, l.status])).toEqual([
      ['pull-back', 'active', 'pending', 'pending'],
      ['edit', 'pending', 'rejected', 'rejected'],
    ]);
    expect(log.every((l) => l.reason && l.entity_title === l.title)).toBe(true);
  });

  it('gives the demo shops vouchers with answers (one "May not work", two waiting), members follows, and records with badges', async () => {
    const vouchers = await h.db.kysely.selectFrom('vouchers').selectAll().execute();
    expect(vouchers.length).toBeGreaterThanOrEqual(20);
    expect(vouchers.filter((v) => v.status === 'pending')).toHaveLength(2);
    expect(vouchers.filter((v) => v.may_not_work === 1).length).toBeGreaterThanOrEqual(1);
    const answered = vouchers.filter((v) => v.answer_count > 0);
    expect(answered.length).toBeGreaterThanOrEqual(15);
    for (const v of answered) {
      const n = await h.db.kysely
        .selectFrom('voucher_answers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('voucher_id', '=', v.id)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBeGreaterThanOrEqual(v.answer_count);
    }
    const follows = await h.db.kysely
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(follows.n)).toBeGreaterThanOrEqual(20);
    const records = await h.db.kysely.selectFrom('member_reputation').selectAll().execute();
    expect(records.length).toBeGreaterThan(10);
    expect(records.some((r) => r.badges !== '')).toBe(true);
    const shop = await h.request({ method: 'GET', url: '/api/stores/1/vouchers' });
    expect(shop.body.data.vouchers.length).toBeGreaterThanOrEqual(2);
  });
});
